// Generates ecmascript-numbers.txt, the oracle for EcmaScriptNumberTest: IEEE-754 bit patterns and the
// string a JavaScript engine's Number.prototype.toString gives them. Run: node ecmascript-numbers.gen.js 3000 2025
const n = parseInt(process.argv[2]); let seed = BigInt(process.argv[3] || 1);
function next() { seed = (seed * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn; return seed; }
const view = new DataView(new ArrayBuffer(8));
const out = [];
for (let i = 0; i < n; i++) {
  const kind = i % 6; let d;
  if (kind === 0 || kind === 1) { // any bit pattern
    view.setBigUint64(0, next()); d = view.getFloat64(0);
  } else if (kind === 2) { // short decimals of many magnitudes
    const digits = Number(next() % 1000000n); const e = Number(next() % 60n) - 30; const places = Number(next() % 8n);
    d = Number(`${digits / Math.pow(10, places)}e${e}`);
  } else if (kind === 3) { // subnormals and tiny numbers (one-digit shortest forms live here)
    view.setBigUint64(0, next() % 0x0010000000000000n >> (next() % 52n)); d = view.getFloat64(0);
  } else if (kind === 4) { // neighbours of powers of ten (format boundaries 1e21, 1e-7)
    const e = Number(next() % 640n) - 323; const base = Number(`1e${e}`);
    view.setFloat64(0, base); const b = view.getBigUint64(0) + (next() % 7n) - 3n; view.setBigUint64(0, b); d = view.getFloat64(0);
  } else { // one significant digit times a power of ten
    d = Number(`${1 + Number(next() % 9n)}e${Number(next() % 640n) - 324}`);
  }
  if (!Number.isFinite(d)) { i--; continue; }
  if (next() % 2n === 0n) d = -d;
  view.setFloat64(0, d);
  out.push(view.getBigUint64(0).toString(16).padStart(16, '0') + ' ' + String(d));
}
process.stdout.write(out.join('\n') + '\n');
