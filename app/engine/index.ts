export { bsmPrice, bsmGreeks, type OptionType, type BsmInput, type Greeks } from "./bsm";
export { impliedVol, type ImpliedVolInput } from "./iv";
