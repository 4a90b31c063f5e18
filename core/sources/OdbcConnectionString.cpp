#include "core/sources/OdbcConnectionString.h"

#include "core/data/Errors.h"
#include "core/sources/SqlCharacters.h"

namespace rr::sql {

std::vector<OdbcAttribute> splitConnectionString(std::string_view cs)
{
    std::vector<OdbcAttribute> out;
    std::size_t i = 0;
    while (i < cs.size()) {
        if (cs[i] == ';' || cs[i] == ' ') {
            ++i;
            continue;
        }
        const auto eq = cs.find('=', i);
        if (eq == std::string_view::npos)
            throw InputError("the ODBC connection string has an attribute without '=' (key=value;key=value)");
        OdbcAttribute a;
        a.key = std::string(cs.substr(i, eq - i));
        while (!a.key.empty() && a.key.back() == ' ')
            a.key.pop_back();
        if (a.key.empty())
            throw InputError("the ODBC connection string has an attribute with no name before '='");
        std::size_t j = eq + 1;
        if (j < cs.size() && cs[j] == '{') {
            // {value}: '}}' is a literal '}'
            std::size_t k = j + 1;
            for (;; ++k) {
                if (k >= cs.size())
                    throw InputError("the ODBC connection string's value of '" + a.key + "' has no closing '}'");
                if (cs[k] == '}') {
                    if (k + 1 < cs.size() && cs[k + 1] == '}') {
                        ++k;
                        continue;
                    }
                    break;
                }
            }
            a.value = std::string(cs.substr(j, k + 1 - j));
            i = k + 1;
            if (i < cs.size() && cs[i] != ';')
                throw InputError("the ODBC connection string has text after the '}' of '" + a.key + "'");
        } else {
            const auto semi = cs.find(';', j);
            a.value = std::string(cs.substr(j, semi == std::string_view::npos ? std::string_view::npos : semi - j));
            i = semi == std::string_view::npos ? cs.size() : semi;
        }
        out.push_back(std::move(a));
    }
    return out;
}

std::string unbraceOdbcValue(const std::string& v)
{
    if (v.size() >= 2 && v.front() == '{' && v.back() == '}') {
        std::string out;
        for (std::size_t i = 1; i + 1 < v.size(); ++i) {
            out += v[i];
            if (v[i] == '}')
                ++i; // '}}'
        }
        return out;
    }
    return v;
}

std::string odbcAttributeValue(const std::string& v)
{
    if (v.find_first_of(";{} ") == std::string::npos && !v.empty())
        return v;
    std::string out = "{";
    for (char c : v) {
        out += c;
        if (c == '}')
            out += '}';
    }
    return out + "}";
}

bool isSecretKey(const std::string& key)
{
    const std::string k = asciiLower(key);
    for (std::string_view w : {"pwd", "pass", "secret", "token", "key", "credential"})
        if (k.find(w) != std::string::npos)
            return true;
    return false;
}

std::string joinConnectionString(const std::vector<OdbcAttribute>& attrs, bool mask)
{
    std::string out;
    for (const auto& a : attrs)
        out += (out.empty() ? "" : ";") + a.key + "=" + (mask && isSecretKey(a.key) ? "***" : a.value);
    return out;
}

} // namespace rr::sql
