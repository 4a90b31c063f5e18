#pragma once
// JSON output helpers: every number reaches stdout finite, or as null with a note saying why.
#include "core/api/JsonValues.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <ostream>
#include <string>
#include <vector>

namespace rr::cli {

// The typed layer's JSON pieces (core/api/JsonValues.h): one Notes, one countValue for every front end.
using api::countValue;
using api::finiteOrNull;
using api::Json;
using api::Notes;

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
