import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const ONE_WAY_SYNTAX = [
  {
    selector: "Literal[value='no-store']",
    message: "Use NO_STORE from app/server/http/cache-control.server.ts.",
  },
  {
    selector: "FunctionDeclaration[id.name=/^(appOrigin|siteOrigin)$/]",
    message: "Use publicOrigin from app/server/env.server.ts.",
  },
  {
    selector: ":matches(TSInterfaceDeclaration, TSTypeAliasDeclaration)[id.name='Refusal']",
    message: "One Refusal: app/lib/refusal.ts (a plan refusal extends it in app/lib/entitlements.ts).",
  },
];

// The browser calls the app's JSON APIs through one client (app/lib/api-client.ts). The analytics beacon is the
// one other fetch: a keepalive POST whose answer nobody reads.
const ONE_CLIENT_SYNTAX = [
  {
    selector: "CallExpression[callee.name='fetch']",
    message: "Call the app's APIs with callApi from app/lib/api-client.ts.",
  },
];

// The JSON APIs answer through one kit (app/server/http/api.server.ts): its success, error and refusal bodies.
const ONE_API_KIT_SYNTAX = [
  {
    selector: "CallExpression[callee.object.name='Response'][callee.property.name='json']",
    message: "Answer JSON APIs with apiJson / apiError / refusalResponse from app/server/http/api.server.ts.",
  },
];

// toFixed rounds the binary value (1.085 -> "1.08") where the formatter rounds the decimal one ("1.09").
// Dates may use toLocaleString on a `new Date(...)`; numbers may not.
const NUMBER_FORMAT_MESSAGE = "Format numbers with app/lib/format.ts (one rounding rule, decision 261).";
const ONE_NUMBER_FORMATTER_SYNTAX = [
  { selector: "CallExpression[callee.property.name='toFixed']", message: NUMBER_FORMAT_MESSAGE },
  {
    selector: "MemberExpression[object.name='Intl'][property.name='NumberFormat']",
    message: NUMBER_FORMAT_MESSAGE,
  },
  {
    selector:
      "CallExpression[callee.property.name='toLocaleString']:not([callee.object.type='NewExpression'])",
    message: NUMBER_FORMAT_MESSAGE,
  },
];

// One CSV reader and writer for the app (decision 272): only app/lib/csv.ts imports papaparse.
const ONE_CSV_MODULE = {
  group: ["papaparse"],
  message: "Read and write CSV with app/lib/csv.ts (readCsvTable, readCsvRecords, writeCsv).",
};
const BROWSER_SAFE_IMPORTS = {
  group: ["**/*.server", "**/*.server.ts", "\\#app/server/**"],
  allowTypeImports: true,
};

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      ".wrangler/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "worker-configuration.d.ts",
      "migrations/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": "off",
    },
  },
  {
    // One way to say "never cache this", one public origin and one number formatter (decision 261 for the formatter):
    // NO_STORE from app/server/http/cache-control.server.ts, publicOrigin from app/server/env.server.ts, and
    // app/lib/format.ts for every number shown (decision 261: one rounding rule in one view).
    files: ["app/**/*.{ts,tsx}", "workers/**/*.ts"],
    ignores: ["app/server/http/cache-control.server.ts", "app/lib/format.ts", "app/lib/refusal.ts"],
    rules: {
      "no-restricted-syntax": ["error", ...ONE_WAY_SYNTAX, ...ONE_NUMBER_FORMATTER_SYNTAX],
    },
  },
  {
    files: ["app/lib/**/*.ts", "app/components/**/*.tsx", "app/routes/**/*.tsx", "app/root.tsx"],
    ignores: [
      "app/lib/api-client.ts",
      "app/lib/analytics-client.ts",
      "app/lib/format.ts",
      "app/lib/refusal.ts",
    ],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...ONE_WAY_SYNTAX,
        ...ONE_NUMBER_FORMATTER_SYNTAX,
        ...ONE_CLIENT_SYNTAX,
      ],
    },
  },
  {
    files: ["app/routes/api.*.ts", "app/server/*/api.server.ts"],
    ignores: ["app/server/http/api.server.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...ONE_WAY_SYNTAX,
        ...ONE_NUMBER_FORMATTER_SYNTAX,
        ...ONE_API_KIT_SYNTAX,
      ],
    },
  },
  {
    files: ["app/lib/format.ts"],
    rules: { "no-restricted-syntax": ["error", ...ONE_WAY_SYNTAX] },
  },
  {
    files: ["app/**/*.{ts,tsx}", "workers/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [ONE_CSV_MODULE] }] },
  },
  {
    // The quant engine stays pure: no runtime or framework import, nothing outside app/engine (decision 323).
    files: ["app/engine/**/*.ts"],
    rules: {
      // Published approximation coefficients carry more digits than a double holds; that is intended.
      "no-loss-of-precision": "off",
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            "node:*",
            "react*",
            "drizzle-orm*",
            "zod",
            "\\#app/lib/**",
            "\\#app/server/**",
            "\\#app/routes/**",
            "\\#app/components/**",
            "cloudflare:*",
            "papaparse",
          ],
        },
      ],
    },
  },
  {
    // Code that reaches the browser must not import server-only modules.
    files: ["app/lib/**/*.ts", "app/components/**/*.tsx"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [BROWSER_SAFE_IMPORTS, ONE_CSV_MODULE] }],
    },
  },
  {
    // Routes stay thin: data access lives in app/server modules, never a query in a route.
    files: ["app/routes/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["drizzle-orm", "drizzle-orm/*", "**/db/client.server*", "**/db/schema.server*"],
              message: "Query D1 from an app/server module, not from a route.",
            },
            ONE_CSV_MODULE,
          ],
        },
      ],
    },
  },
  {
    // The one CSV module: papaparse is its to import; it still reaches the browser, so no server module.
    files: ["app/lib/csv.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [BROWSER_SAFE_IMPORTS] }] },
  },
  {
    files: ["scripts/**/*.mjs", "*.config.js"],
    languageOptions: {
      globals: {
        process: "readonly",
        console: "readonly",
        fetch: "readonly",
        URL: "readonly",
        setTimeout: "readonly",
        Buffer: "readonly",
      },
    },
  },
);
