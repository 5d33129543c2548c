// Writes gen/validators.cjs: Ajv's standalone validation code for the A2A
// card schema and the On Request schema's agentExtension, compiled with the
// options validate.mjs uses (Ajv 8, draft 2020-12, allErrors, ajv-formats'
// full formats). standalone.mjs imports it, so that its start-up compiles
// nothing. npm ci runs this (postinstall) with the repository's schemas;
// bench/compare.sh runs it again after npm ci so the code always matches
// the schemas it is handed.
//
//   node build-standalone.mjs [CARD_SCHEMA ONREQUEST_SCHEMA [OUT]]
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import standaloneCode from "ajv/dist/standalone/index.js";

const here = dirname(fileURLToPath(import.meta.url));
const schemas = join(here, "..", "..", "validate", "schemas");
const [
  cardSchemaPath = join(schemas, "a2a-card-v1.schema.json"),
  orSchemaPath = join(schemas, "on-request-v1.schema.json"),
  out = join(here, "gen", "validators.cjs"),
] = process.argv.slice(2);

const ajv = new Ajv2020({ allErrors: true, strict: false, code: { source: true } });
addFormats(ajv);
const cardSchema = JSON.parse(readFileSync(cardSchemaPath, "utf8"));
const orSchema = JSON.parse(readFileSync(orSchemaPath, "utf8"));
ajv.addSchema(cardSchema);
ajv.addSchema(orSchema);
const code = standaloneCode(ajv, {
  validateCard: cardSchema.$id,
  validateExtension: orSchema.$id + "#/$defs/agentExtension",
});

mkdirSync(dirname(out), { recursive: true });
writeFileSync(out + ".tmp", code);
renameSync(out + ".tmp", out);
