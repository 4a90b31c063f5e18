#pragma once
// JSON output helpers: every number reaches stdout finite, or as null with a note saying why.
#include <nlohmann/json.hpp>

#include <ostream>
#include <string>
#include <vector>

namespace rr::cli {

// Keys keep the order they are written in, so the output reads like the contract.
using Json = nlohmann::ordered_json;

// Sentences explaining nulls and other caveats; written as the "notes" array when not empty.
class Notes {
public:
    void add(const std::string& note);
    bool empty() const { return m_lines.empty(); }
    Json toJson() const { return Json(m_lines); }

private:
    std::vector<std::string> m_lines;
};

// `v` when finite; otherwise null, and `why` is added to the notes (once).
Json finiteOrNull(double v, const std::string& why, Notes& notes);

// A count: an integer when it is one (unweighted data), a number otherwise (weights).
Json countValue(double v);

// Throws std::logic_error (an internal failure, exit 1) naming the place if any number in `j`
// is NaN or infinite: the last guard before anything is printed.
void requireFinite(const Json& j, const std::string& path = "");

// Writes `j` (indented, UTF-8; invalid bytes in user-given strings are replaced) and a newline.
void writeJson(const Json& j, std::ostream& out);

} // namespace rr::cli
