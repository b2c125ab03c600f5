// `npm run db:seed`: seeds a running local dev server (idempotent). `npm run dev` already does this.
import { seed } from "./lib.mjs";

const origin = process.argv[2] ?? "http://localhost:5173";
console.log(await seed(origin));
