#include "app/cli/Json.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string_view>

namespace rr::cli {

void requireFinite(const Json& j, const std::string& path)
{
    if (j.is_number_float() && !std::isfinite(j.get<double>()))
        throw std::logic_error("a non-finite number reached the JSON output at '" + (path.empty() ? "/" : path) + "'");
    if (j.is_object())
        for (const auto& [key, value] : j.items())
            requireFinite(value, path + "/" + key);
    if (j.is_array())
        for (std::size_t i = 0; i < j.size(); ++i)
            requireFinite(j[i], path + "/" + std::to_string(i));
}

void writeJson(const Json& j, std::ostream& out)
{
    out << j.dump(2, ' ', false, Json::error_handler_t::replace) << '\n';
    out.flush();
}

namespace {

// `j` as dump(2) writes it `indent` spaces deep: every line after the first indented by `indent`.
void writeIndented(const Json& j, std::size_t indent, std::ostream& out)
{
    const std::string text = j.dump(2, ' ', false, Json::error_handler_t::replace);
    const std::string pad(indent, ' ');
    std::size_t start = 0;
    for (std::size_t nl; (nl = text.find('\n', start)) != std::string::npos; start = nl + 1)
        out << std::string_view(text).substr(start, nl + 1 - start) << pad;
    out << std::string_view(text).substr(start);
}

void writeMember(const std::string& key, const Json& value, bool& first, std::ostream& out)
{
    out << (first ? "\n" : ",\n") << "  " << Json(key).dump(-1, ' ', false, Json::error_handler_t::replace) << ": ";
    writeIndented(value, 2, out);
    first = false;
}

} // namespace

void writeJson(const StreamedJson& s, std::ostream& out)
{
    requireFinite(s.head);
    requireFinite(s.tail);
    out << '{';
    bool first = true;
    for (const auto& [key, value] : s.head.items())
        writeMember(key, value, first, out);
    out << (first ? "\n" : ",\n") << "  " << Json(s.arrayKey).dump() << ": ";
    first = false;
    if (s.arraySize == 0) {
        out << "[]";
    } else {
        out << "[\n";
        for (std::size_t i = 0; i < s.arraySize; ++i) {
            const Json e = s.element(i);
            requireFinite(e, "/" + s.arrayKey + "/" + std::to_string(i));
            out << "    ";
            writeIndented(e, 4, out);
            out << (i + 1 < s.arraySize ? ",\n" : "\n");
        }
        out << "  ]";
    }
    for (const auto& [key, value] : s.tail.items())
        writeMember(key, value, first, out);
    out << "\n}\n";
    out.flush();
}

} // namespace rr::cli
