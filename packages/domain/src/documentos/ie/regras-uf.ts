/**
 * Check digits of the inscrição estadual of each UF, as published by SINTEGRA / the state
 * SEFAZ. Each function receives only the digits (SP rural: the letter P kept) and answers
 * whether the number is well formed. Weights are written left to right, as the manuals do.
 */
type Regra = (ie: string) => boolean;

const num = (s: string) => [...s].map(Number);
const soma = (d: number[], pesos: readonly number[]) => d.reduce((a, v, i) => a + v * (pesos[i] ?? 0), 0);
/** 9, 8, …, 2 over n digits (the weights most states use). */
const decrescente = (n: number, de = n + 1) => Array.from({ length: n }, (_, i) => de - i);

/** 11 − resto, with 10 and 11 → 0 (CE, PB, PI, SE, AC, DF, RS). */
const dv11a = (s: number) => {
  const d = 11 - (s % 11);
  return d >= 10 ? 0 : d;
};
/** resto 0 or 1 → 0, else 11 − resto (ES, MA, PA, SC, RJ, MT, PR, PE, TO). */
const dv11b = (s: number) => {
  const r = s % 11;
  return r < 2 ? 0 : 11 - r;
};

/** Nine digits, the last a mod-11 digit over weights 9..2. */
const nove =
  (dv: (s: number) => number, prefixo?: RegExp): Regra =>
  (ie) => {
    if (!/^\d{9}$/.test(ie) || (prefixo && !prefixo.test(ie))) return false;
    const d = num(ie);
    return dv(soma(d.slice(0, 8), decrescente(8))) === d[8];
  };

/** AC and DF: 13 digits, two mod-11 digits (weights 4,3,2,9..2 then 5,4,3,2,9..2). */
const trezeDoisDigitos =
  (prefixo: RegExp): Regra =>
  (ie) => {
    if (!/^\d{13}$/.test(ie) || !prefixo.test(ie)) return false;
    const d = num(ie);
    const p1 = [4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const p2 = [5, ...p1];
    return dv11a(soma(d.slice(0, 11), p1)) === d[11] && dv11a(soma(d.slice(0, 12), p2)) === d[12];
  };

const AL: Regra = (ie) => {
  if (!/^24\d{7}$/.test(ie)) return false;
  const d = num(ie);
  const r = (soma(d.slice(0, 8), decrescente(8)) * 10) % 11;
  return (r === 10 ? 0 : r) === d[8];
};

const AP: Regra = (ie) => {
  if (!/^03\d{7}$/.test(ie)) return false;
  const d = num(ie);
  const base = Number(ie.slice(0, 8));
  // the range of the number decides the constants p and d of the manual
  const [p, dd] = base <= 3017000 ? [5, 0] : base <= 3019022 ? [9, 1] : [0, 0];
  let dv = 11 - ((p + soma(d.slice(0, 8), decrescente(8))) % 11);
  if (dv === 10) dv = 0;
  else if (dv === 11) dv = dd;
  return dv === d[8];
};

const AM: Regra = (ie) => {
  if (!/^\d{9}$/.test(ie)) return false;
  const d = num(ie);
  const s = soma(d.slice(0, 8), decrescente(8));
  const dv = s < 11 ? 11 - s : s % 11 <= 1 ? 0 : 11 - (s % 11);
  return dv === d[8];
};

/** BA: 8 or 9 digits, the last digit computed first; mod 10 or 11 by the first (8) or second (9) digit. */
const BA: Regra = (ie) => {
  if (!/^\d{8,9}$/.test(ie)) return false;
  const d = num(ie);
  const n = d.length - 2;
  const teste = d[ie.length === 8 ? 0 : 1]!;
  const mod = [6, 7, 9].includes(teste) ? 11 : 10;
  const dv = (s: number) => {
    const r = s % mod;
    if (mod === 10) return r === 0 ? 0 : 10 - r;
    return r <= 1 ? 0 : 11 - r;
  };
  const d2 = dv(soma(d.slice(0, n), decrescente(n)));
  const d1 = dv(soma([...d.slice(0, n), d2], decrescente(n + 1)));
  return d1 === d[n] && d2 === d[n + 1];
};

const GO: Regra = (ie) => {
  if (!/^(1[015]|2\d)\d{7}$/.test(ie)) return false;
  const d = num(ie);
  const base = Number(ie.slice(0, 8));
  if (base === 11094402) return d[8] === 0 || d[8] === 1;
  const r = soma(d.slice(0, 8), decrescente(8)) % 11;
  const dv = r === 0 ? 0 : r === 1 ? (base >= 10103105 && base <= 10119997 ? 1 : 0) : 11 - r;
  return dv === d[8];
};

const MT: Regra = (ie) => {
  if (!/^\d{9,11}$/.test(ie)) return false;
  const d = num(ie.padStart(11, '0'));
  return dv11b(soma(d.slice(0, 10), [3, 2, 9, 8, 7, 6, 5, 4, 3, 2])) === d[10];
};

const MS: Regra = (ie) => {
  if (!/^(28|50)\d{7}$/.test(ie)) return false;
  const d = num(ie);
  const r = soma(d.slice(0, 8), decrescente(8)) % 11;
  const dv = r === 0 ? 0 : 11 - r > 9 ? 0 : 11 - r;
  return dv === d[8];
};

/** MG: a 0 inserted after the municipality code, products of 1,2,1,2… summed digit by digit; then mod 11. */
const MG: Regra = (ie) => {
  if (!/^\d{13}$/.test(ie)) return false;
  const d = num(ie);
  const comZero = [...d.slice(0, 3), 0, ...d.slice(3, 11)];
  const s = comZero
    .map((v, i) => String(v * (i % 2 === 0 ? 1 : 2)))
    .join('')
    .split('')
    .reduce((a, c) => a + Number(c), 0);
  const d1 = (10 - (s % 10)) % 10;
  const d2 = dv11b(soma([...d.slice(0, 11), d1], [3, 2, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]));
  return d1 === d[11] && d2 === d[12];
};

const PR: Regra = (ie) => {
  if (!/^\d{10}$/.test(ie)) return false;
  const d = num(ie);
  const d1 = dv11b(soma(d.slice(0, 8), [3, 2, 7, 6, 5, 4, 3, 2]));
  const d2 = dv11b(soma([...d.slice(0, 8), d1], [4, 3, 2, 7, 6, 5, 4, 3, 2]));
  return d1 === d[8] && d2 === d[9];
};

/** PE: e-Fisco (9 digits, two digits) or the old CACEPE (14 digits). */
const PE: Regra = (ie) => {
  const d = num(ie);
  if (/^\d{9}$/.test(ie)) {
    const d1 = dv11b(soma(d.slice(0, 7), decrescente(7)));
    const d2 = dv11b(soma([...d.slice(0, 7), d1], decrescente(8)));
    return d1 === d[7] && d2 === d[8];
  }
  if (!/^\d{14}$/.test(ie)) return false;
  let dv = 11 - (soma(d.slice(0, 13), [5, 4, 3, 2, 1, 9, 8, 7, 6, 5, 4, 3, 2]) % 11);
  if (dv > 9) dv -= 10;
  return dv === d[13];
};

const RJ: Regra = (ie) => {
  if (!/^\d{8}$/.test(ie)) return false;
  const d = num(ie);
  return dv11b(soma(d.slice(0, 7), [2, 7, 6, 5, 4, 3, 2])) === d[7];
};

const RN: Regra = (ie) => {
  if (!/^20\d{7,8}$/.test(ie)) return false;
  const d = num(ie);
  const n = d.length - 1;
  const r = (soma(d.slice(0, n), decrescente(n)) * 10) % 11;
  return (r === 10 ? 0 : r) === d[n];
};

const RS: Regra = (ie) => {
  if (!/^\d{10}$/.test(ie)) return false;
  const d = num(ie);
  return dv11a(soma(d.slice(0, 9), [2, 9, 8, 7, 6, 5, 4, 3, 2])) === d[9];
};

/** RO: 14 digits since 2000 (the old 9-digit form checks the 5-digit company number). */
const RO: Regra = (ie) => {
  const d = num(ie);
  const dv = (s: number) => {
    const x = 11 - (s % 11);
    return x >= 10 ? x - 10 : x;
  };
  if (/^\d{14}$/.test(ie)) return dv(soma(d.slice(0, 13), [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])) === d[13];
  if (/^\d{9}$/.test(ie)) return dv(soma(d.slice(3, 8), [6, 5, 4, 3, 2])) === d[8];
  return false;
};

const RR: Regra = (ie) => {
  if (!/^24\d{7}$/.test(ie)) return false;
  const d = num(ie);
  return soma(d.slice(0, 8), [1, 2, 3, 4, 5, 6, 7, 8]) % 9 === d[8];
};

/** SP: 12 digits (9th and 12th are digits), or rural producers P + 12 digits (9th after P is the digit). */
const SP: Regra = (ie) => {
  const p1 = [1, 3, 4, 5, 6, 7, 8, 10];
  const dv1 = (d: number[]) => (soma(d.slice(0, 8), p1) % 11) % 10;
  if (/^P\d{12}$/.test(ie)) {
    const d = num(ie.slice(1));
    return dv1(d) === d[8];
  }
  if (!/^\d{12}$/.test(ie)) return false;
  const d = num(ie);
  const d2 = (soma(d.slice(0, 11), [3, 2, 10, 9, 8, 7, 6, 5, 4, 3, 2]) % 11) % 10;
  return dv1(d) === d[8] && d2 === d[11];
};

/** TO: 9 digits today; the old 11-digit form leaves digits 3–4 (type of company) out of the sum. */
const TO: Regra = (ie) => {
  const d = num(ie);
  if (/^\d{9}$/.test(ie)) return dv11b(soma(d.slice(0, 8), decrescente(8))) === d[8];
  if (!/^\d{2}(01|02|03|99)\d{7}$/.test(ie)) return false;
  const base = [...d.slice(0, 2), ...d.slice(4, 10)];
  return dv11b(soma(base, decrescente(8))) === d[10];
};

export const REGRAS_IE: Record<string, Regra> = {
  AC: trezeDoisDigitos(/^01/),
  AL,
  AP,
  AM,
  BA,
  CE: nove(dv11a),
  DF: trezeDoisDigitos(/^07/),
  ES: nove(dv11b),
  GO,
  MA: nove(dv11b, /^12/),
  MT,
  MS,
  MG,
  PA: nove(dv11b, /^15/),
  PB: nove(dv11a),
  PR,
  PE,
  PI: nove(dv11a),
  RJ,
  RN,
  RS,
  RO,
  RR,
  SC: nove(dv11b),
  SP,
  SE: nove(dv11a),
  TO,
};
