// The loop both Ajv baselines run (validate.mjs, standalone.mjs): each file
// read and parsed, checked against the card schema and each On Request
// extension entry it declares against the On Request schema, every error
// counted (allErrors), the way oncard lists every finding. Prints one line
// per invalid file and a summary; exits 1 when any file is invalid, like
// oncard.
import { readFileSync } from "node:fs";

const ON_REQUEST_URI = "https://agent-capability.org/ext/on-request/v1";

export function checkFiles(files, validateCard, validateExtension) {
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
}
