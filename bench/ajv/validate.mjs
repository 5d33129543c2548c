// Ajv baseline for `oncard validate`: checks every card file given against
// the A2A v1.0 card schema and every On Request extension entry it declares
// against the On Request schema, listing all errors (allErrors), the way
// oncard lists every finding. Both schemas are compiled once, before any file
// is read.
//
//   node validate.mjs CARD_SCHEMA ONREQUEST_SCHEMA FILE...
//
// Prints one line per invalid file and a summary; exits 1 when any file is
// invalid, like oncard.
import { readFileSync } from "node:fs";
import { checkFiles } from "./check-files.mjs";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

const [cardSchemaPath, orSchemaPath, ...files] = process.argv.slice(2);
if (!orSchemaPath || files.length === 0) {
  console.error("usage: node validate.mjs CARD_SCHEMA ONREQUEST_SCHEMA FILE...");
  process.exit(2);
}

const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
const validateCard = ajv.compile(JSON.parse(readFileSync(cardSchemaPath, "utf8")));
const orSchema = JSON.parse(readFileSync(orSchemaPath, "utf8"));
ajv.addSchema(orSchema);
const validateExtension = ajv.getSchema(orSchema.$id + "#/$defs/agentExtension");
if (!validateExtension) {
  console.error("the On Request schema has no $defs/agentExtension");
  process.exit(2);
}

checkFiles(files, validateCard, validateExtension);
