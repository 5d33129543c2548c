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
import { checkFiles } from "./check-files.mjs";

let validators;
try {
  validators = (await import("./gen/validators.cjs")).default;
} catch (e) {
  console.error(`standalone.mjs: no generated validators (${e.code ?? e.message}); run npm ci in bench/ajv first`);
  process.exit(2);
}

const { validateCard, validateExtension } = validators;
const files = process.argv.slice(2);
if (files.length === 0) {
  console.error("usage: node standalone.mjs FILE...");
  process.exit(2);
}

checkFiles(files, validateCard, validateExtension);
