#include "core/session/JsonFields.h"

#include "core/data/Errors.h"
#include "core/session/JsonLimits.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace rr::session {

void failField(const std::string& message)
{
    throw InputError(message);
}

const Json* member(const Json& object, const std::string& key)
{
    if (!object.is_object())
        return nullptr;
    const auto it = object.find(key);
    return it == object.end() ? nullptr : &*it;
}

std::string textField(const Json& object, const std::string& key, const std::string& label, bool required)
{
    const Json* v = member(object, key);
    if (!v) {
        if (required)
            failField(label + " is missing");
        return {};
    }
    if (!v->is_string())
        failField(label + " must be a string");
    return v->get<std::string>();
}

std::string textOrEmpty(const Json& object, const std::string& key)
{
    const Json* v = member(object, key);
    return v && v->is_string() ? v->get<std::string>() : std::string();
}

std::vector<std::string> stringsField(const Json& object, const std::string& key, const std::string& label)
{
    const Json* v = member(object, key);
    if (!v)
        return {};
    if (!v->is_array())
        failField(label + " must be a list of strings");
    std::vector<std::string> out;
    out.reserve(v->size());
    for (const Json& e : *v) {
        if (!e.is_string())
            failField(label + " must be a list of strings");
        out.push_back(e.get<std::string>());
    }
    return out;
}

namespace {
double checkedNumber(const Json& v, const std::string& label, double lo, double hi)
{
    const double x = v.is_number() ? v.get<double>() : NAN;
    if (!std::isfinite(x) || x < lo || x > hi)
        failField(label + " must be a number in [" + formatBound(lo) + ", " + formatBound(hi) + "]");
    return x;
}
} // namespace

double numberField(const Json& object, const std::string& key, const std::string& label, double fallback, double lo,
                   double hi)
{
    const Json* v = member(object, key);
    return v ? checkedNumber(*v, label, lo, hi) : fallback;
}

double requiredNumber(const Json& object, const std::string& key, const std::string& label, double lo, double hi,
                      bool nullIsUndefined)
{
    const Json* v = member(object, key);
    if (nullIsUndefined && v && v->is_null())
        return INFINITY;
    return checkedNumber(v ? *v : Json(), label, lo, hi);
}

bool parseSeed(const std::string& text, std::uint64_t& seed)
{
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, seed);
    return !text.empty() && ec == std::errc() && ptr == end;
}

Json orNull(double x)
{
    return std::isfinite(x) ? Json(x) : Json(nullptr);
}

Json toJson(const std::vector<std::string>& values)
{
    Json a = Json::array();
    for (const auto& s : values)
        a.push_back(s);
    return a;
}

std::string formatBound(double x)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%g", x);
    return buffer;
}

std::string clipped(const std::string& text, std::size_t bytes)
{
    if (text.size() <= bytes)
        return text;
    std::size_t n = bytes;
    while (n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0) == 0x80)
        --n; // text[n] continues a character: cut before the character starts
    return text.substr(0, n);
}

std::string dumpSession(const Json& document)
{
    return document.dump(4, ' ', false, Json::error_handler_t::replace) + '\n';
}

Json parseSession(const std::string& text)
{
    try {
        return Json::parse(text, depthLimit("session"));
    } catch (const Json::parse_error& e) {
        const std::size_t at = std::min<std::size_t>(e.byte, text.size());
        const auto line = 1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n');
        std::string why = e.what();
        if (const auto colon = why.find(": "); colon != std::string::npos)
            why.erase(0, colon + 2); // "[json.exception.parse_error.101] parse error at line 2, column 5: "
        failField("not valid JSON (line " + std::to_string(line) + ": " + why + ")");
    } catch (const Json::exception& e) { // a number past double's range ("1e400")
        std::string why = e.what();
        if (const auto bracket = why.find("] "); bracket != std::string::npos)
            why.erase(0, bracket + 2);
        failField("not valid JSON (" + why + ")");
    }
}

} // namespace rr::session
