// conformance/src/vectors.hpp - kvc's suites as JSON vectors (share/kvc/vectors/<suite>.json, in
// the format share/kvc/vectors/schema.json defines and docs/vectors.md describes), written from the
// spec list (kvc/specs/all.hpp): every suite that is not a part of another, the policy suites
// under each standard policy.
#pragma once

#include <map>
#include <string>

namespace kvc::library {

/// Every suite's JSON document by file name, and the schema they follow (schema.json).
[[nodiscard]] std::map<std::string, std::string> vector_documents();

/// The Markdown page that lists every suite of every contract (docs/suites.md).
[[nodiscard]] std::string suite_table();

}  // namespace kvc::library
