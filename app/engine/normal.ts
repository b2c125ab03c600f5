/**
 * Standard normal distribution in full double precision.
 *
 * erfc follows W. J. Cody's rational Chebyshev approximations ("Rational Chebyshev
 * approximations for the error function", Math. Comp. 23 (1969) 631-638; the
 * coefficient sets of his SPECFUN/CALERF routine), three intervals:
 *   |x| <= 0.46875      erf(x) = x P(x^2)/Q(x^2)
 *   0.46875 < |x| <= 4  erfc(x) = exp(-x^2) P(x)/Q(x)
 *   |x| > 4             erfc(x) = exp(-x^2)/x (1/sqrt(pi) + 1/x^2 P(1/x^2)/Q(1/x^2))
 * Relative accuracy is ~1e-15 (checked against mpmath in tests). The exp(-x^2)
 * factor is evaluated as exp(-xr^2) exp(-(x-xr)(x+xr)) with xr = x rounded to 1/16,
 * as Cody does, so the rounding of x^2 does not spoil the tail's relative accuracy.
 */

const ONE_OVER_SQRT_PI = 0.56418958354775628695;
const SQRT1_2 = 0.7071067811865475244;
/** 1 / sqrt(2 pi) */
export const INV_SQRT_2PI = 0.39894228040143267794;
/** Beyond this, erfc(x) underflows to 0 in double precision. */
const ERFC_UNDERFLOW = 26.55;

/** erf(x) for |x| <= 0.46875 (interval 1). */
function erfSmall(x: number): number {
  const z = x * x;
  const num =
    (((0.185777706184603153 * z + 3.1611237438705656) * z + 113.864154151050156) * z + 377.485237685302021) *
      z +
    3209.37758913846947;
  const den =
    (((z + 23.6012909523441209) * z + 244.024637934444173) * z + 1282.61652607737228) * z +
    2844.23683343917062;
  return (x * num) / den;
}

/** exp(-y^2) with Cody's split, for y >= 0. */
function expMinusSquare(y: number): number {
  const yr = Math.trunc(y * 16) / 16;
  return Math.exp(-yr * yr) * Math.exp(-(y - yr) * (y + yr));
}

/** exp(-x^2/2) with the same split, for x >= 0: no loss from rounding x^2. */
function expMinusHalfSquare(x: number): number {
  const xr = Math.trunc(x * 16) / 16;
  return Math.exp(-0.5 * xr * xr) * Math.exp(-0.5 * (x - xr) * (x + xr));
}

/** Scaled complement erfcx(y) = e^{y^2} erfc(y) for y > 0.46875 (the rational parts only). */
function erfcxPositive(y: number): number {
  if (y <= 4) {
    const num =
      (((((((2.15311535474403846e-8 * y + 0.564188496988670089) * y + 8.88314979438837594) * y +
        66.1191906371416295) *
        y +
        298.635138197400131) *
        y +
        881.95222124176909) *
        y +
        1712.04761263407058) *
        y +
        2051.07837782607147) *
        y +
      1230.33935479799725;
    const den =
      (((((((y + 15.7449261107098347) * y + 117.693950891312499) * y + 537.181101862009858) * y +
        1621.38957456669019) *
        y +
        3290.79923573345963) *
        y +
        4362.61909014324716) *
        y +
        3439.36767414372164) *
        y +
      1230.33935480374942;
    return num / den;
  }
  const z = 1 / (y * y);
  const num =
    ((((0.0163153871373020978 * z + 0.305326634961232344) * z + 0.360344899949804439) * z +
      0.125781726111229246) *
      z +
      0.0160837851487422766) *
      z +
    0.000658749161529837803;
  const den =
    ((((z + 2.56852019228982242) * z + 1.87295284992346047) * z + 0.527905102951428412) * z +
      0.0605183413124413191) *
      z +
    0.00233520497626869185;
  return (ONE_OVER_SQRT_PI - (z * num) / den) / y;
}

/** erfc(y) for y > 0.46875. */
function erfcPositive(y: number): number {
  return y >= ERFC_UNDERFLOW ? 0 : expMinusSquare(y) * erfcxPositive(y);
}

/** Complementary error function, ~1e-15 relative accuracy. */
export function erfc(x: number): number {
  if (x !== x) return NaN;
  const y = x < 0 ? -x : x;
  if (y <= 0.46875) return 1 - erfSmall(x);
  const r = erfcPositive(y);
  return x < 0 ? 2 - r : r;
}

/** Error function. */
export function erf(x: number): number {
  if (x !== x) return NaN;
  const y = x < 0 ? -x : x;
  if (y <= 0.46875) return erfSmall(x);
  const r = 1 - erfcPositive(y);
  return x < 0 ? -r : r;
}

/**
 * Standard normal CDF N(x) = erfc(-x / sqrt 2) / 2. The lower tail keeps full
 * relative accuracy (needed for far out-of-the-money prices and log-probabilities).
 */
export function normCdf(x: number): number {
  if (x !== x) return NaN;
  const y = -x * SQRT1_2;
  const a = y < 0 ? -y : y;
  if (a <= 0.46875) return 0.5 - 0.5 * erfSmall(y);
  if (a >= ERFC_UNDERFLOW) return y < 0 ? 1 : 0;
  // exp(-x^2/2) is taken from x itself: the rounding of x/sqrt(2) would cost x^2 ulps.
  const ax = x < 0 ? -x : x;
  const r = 0.5 * expMinusHalfSquare(ax) * erfcxPositive(a);
  return y < 0 ? 1 - r : r;
}

/**
 * N(z) given the kernel e = exp(-z^2/2) computed by the caller. Pricing loops get the
 * kernels of d1, d2 (and the density) from one exp: e^{-d2^2/2} = e^{-d1^2/2} F/K.
 */
export function normCdfFromKernel(z: number, kernel: number): number {
  const y = -z * SQRT1_2;
  const a = y < 0 ? -y : y;
  if (a <= 0.46875) return 0.5 - 0.5 * erfSmall(y);
  if (a >= ERFC_UNDERFLOW) return y < 0 ? 1 : 0;
  const r = 0.5 * kernel * erfcxPositive(a);
  return y < 0 ? 1 - r : r;
}

/**
 * The smaller tail N(-|z|) given the kernel e = exp(-z^2/2): N(z) is this or 1 minus it,
 * by the sign of z. Batch pricers take the call's and the put's CDFs from it without a
 * second rational evaluation. Same arithmetic as normCdfFromKernel (Cody's intervals).
 */
export function normTailFromKernel(z: number, kernel: number): number {
  const a = (z < 0 ? -z : z) * SQRT1_2;
  if (a <= 0.46875) return 0.5 - 0.5 * erfSmall(a);
  if (a >= ERFC_UNDERFLOW) return 0;
  return 0.5 * kernel * erfcxPositive(a);
}

/** Standard normal density. */
export function normPdf(x: number): number {
  return INV_SQRT_2PI * Math.exp(-0.5 * x * x);
}

/**
 * Inverse standard normal CDF. Starting point: P. J. Acklam's rational approximation
 * (relative error 1.15e-9), then one Halley step on normCdf, which brings it to
 * full double precision. Returns -Infinity / Infinity at 0 / 1 and NaN outside [0, 1].
 */
export function normInv(p: number): number {
  if (!(p >= 0 && p <= 1)) return NaN;
  if (p === 0) return -Infinity;
  if (p === 1) return Infinity;
  const pLow = 0.02425;
  let x: number;
  if (p < pLow) {
    const q = Math.sqrt(-2 * Math.log(p));
    x =
      (((((-7.784894002430293e-3 * q - 3.223964580411365e-1) * q - 2.400758277161838) * q -
        2.549732539343734) *
        q +
        4.374664141464968) *
        q +
        2.938163982698783) /
      ((((7.784695709041462e-3 * q + 3.224671290700398e-1) * q + 2.445134137142996) * q + 3.754408661907416) *
        q +
        1);
  } else if (p <= 1 - pLow) {
    const q = p - 0.5;
    const r = q * q;
    x =
      ((((((-3.969683028665376e1 * r + 2.209460984245205e2) * r - 2.759285104469687e2) * r +
        1.38357751867269e2) *
        r -
        3.066479806614716e1) *
        r +
        2.506628277459239) *
        q) /
      (((((-5.447609879822406e1 * r + 1.615858368580409e2) * r - 1.556989798598866e2) * r +
        6.680131188771972e1) *
        r -
        1.328068155288572e1) *
        r +
        1);
  } else {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    x =
      -(
        ((((-7.784894002430293e-3 * q - 3.223964580411365e-1) * q - 2.400758277161838) * q -
          2.549732539343734) *
          q +
          4.374664141464968) *
          q +
        2.938163982698783
      ) /
      ((((7.784695709041462e-3 * q + 3.224671290700398e-1) * q + 2.445134137142996) * q + 3.754408661907416) *
        q +
        1);
  }
  // Halley refinement; the residual uses the tail that is accurate for the sign of x.
  const e = x < 0 ? normCdf(x) - p : 1 - p - normCdf(-x);
  const u = e / normPdf(x);
  return x - u / (1 + 0.5 * x * u);
}
