// Ajv baseline for `oncard validate`, at its fastest: the same checks as
// validate.mjs (the A2A v1.0 card schema, and the On Request schema for
// every On Request extension entry a card declares; allErrors, formats
// asserted), but run by Ajv's standalone code, generated beforehand by
// build-standalone.mjs (npm ci does it), so that start-up compiles no
// schema. Files are read and checked one by one, as in validate.mjs.
//
//   node standalone.mjs FILE...
//
// Prints one line per invalid file and a summary; exits 1 when any file is
// invalid, like oncard.
import { readFileSync } from "node:fs";

let validators;
try {
  validators = (await import("./gen/validators.cjs")).default;
} catch (e) {
  console.error(`standalone.mjs: no generated validators (${e.code ?? e.message}); run npm ci in bench/ajv first`);
  process.exit(2);
}

const ON_REQUEST_URI = "https://agent-capability.org/ext/on-request/v1";

const { validateCard, validateExtension } = validators;
const files = process.argv.slice(2);
if (files.length === 0) {
  console.error("usage: node standalone.mjs FILE...");
  process.exit(2);
}

let invalid = 0;
let errors = 0;
for (const file of files) {
  let card;
  try {
    card = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    console.log(`${file}: ${e.message}`);
    invalid++;
    errors++;
    continue;
  }
  let n = 0;
  if (!validateCard(card)) n += validateCard.errors.length;
  for (const ext of card?.capabilities?.extensions ?? []) {
    if (ext?.uri === ON_REQUEST_URI && !validateExtension(ext)) {
      n += validateExtension.errors.length;
    }
  }
  if (n > 0) {
    console.log(`${file}: ${n} errors`);
    invalid++;
    errors += n;
  }
}
console.log(`${files.length} files: ${invalid} invalid, ${errors} errors`);
process.exit(invalid > 0 ? 1 : 0);
