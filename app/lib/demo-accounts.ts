// The local demo accounts the dev seed creates (README lists them). Never created in production.
export interface DemoAccount {
  email: string;
  password: string;
  name: string;
  kind: "admin" | "free" | "pro" | "elite" | "trial";
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: "admin@wheelhouse.local", password: "admin-password", name: "Admin", kind: "admin" },
  { email: "free@wheelhouse.local", password: "demo-password", name: "Free Demo", kind: "free" },
  { email: "pro@wheelhouse.local", password: "demo-password", name: "Pro Demo", kind: "pro" },
  { email: "elite@wheelhouse.local", password: "demo-password", name: "Elite Demo", kind: "elite" },
  { email: "trial@wheelhouse.local", password: "demo-password", name: "Trial Demo", kind: "trial" },
];
