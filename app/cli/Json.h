#pragma once
// JSON output helpers: every number reaches stdout finite, or as null with a note saying why.
#include <nlohmann/json.hpp>

#include <functional>
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

// An object too large to hold as one Json (millions of cells at about 2.5 KB each): the members of `head`,
// then `arrayKey` as an array of `arraySize` elements made one at a time by `element(i)` and written at once,
// then the members of `tail`. Memory holds one element, not the array.
struct StreamedJson {
    Json head = Json::object();
    std::string arrayKey;
    std::size_t arraySize = 0;
    std::function<Json(std::size_t)> element;
    Json tail = Json::object();
};

// Writes `s` exactly as writeJson would write the whole object. Each element is checked with requireFinite
// before it is written (head and tail before anything is written).
void writeJson(const StreamedJson& s, std::ostream& out);

} // namespace rr::cli
