#pragma once
// The small pieces every serializer of the typed layer writes with (and the CLI's own JSON): ordered keys, the
// notes that explain nulls, counts as integers where they are whole.
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace rr::api {

// Keys keep the order they are written in, so the output reads like the contract.
using Json = nlohmann::ordered_json;

// Sentences explaining nulls and other caveats; written as the "notes" array when not empty.
class Notes {
public:
    void add(const std::string& note);
    bool empty() const { return m_lines.empty(); }
    Json toJson() const { return Json(m_lines); }
    const std::vector<std::string>& lines() const { return m_lines; }

private:
    std::vector<std::string> m_lines;
};

// `v` when finite; otherwise null, and `why` is added to the notes (once).
Json finiteOrNull(double v, const std::string& why, Notes& notes);

// A count: an integer when it is one (unweighted data), a number otherwise (weights).
Json countValue(double v);

// {names[k]: values[k]} in the names' order (p per attribute, ...).
Json attributeValues(const std::vector<std::string>& names, const std::vector<double>& values);

} // namespace rr::api
