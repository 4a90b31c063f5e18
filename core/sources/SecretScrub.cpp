#include "core/sources/SecretScrub.h"

#include "core/sources/OdbcConnectionString.h"

#include <algorithm>
#include <cctype>

namespace rr::sql {

std::string scrubSecret(std::string message, const std::string& secret)
{
    if (secret.size() < 4)
        return message;
    for (auto at = message.find(secret); at != std::string::npos; at = message.find(secret, at + 3))
        message.replace(at, secret.size(), "***");
    return message;
}

std::vector<std::pair<std::size_t, std::size_t>> secretSpans(const std::string& text)
{
    std::vector<std::pair<std::size_t, std::size_t>> out;
    const auto stops = [](char c) {
        return std::isspace(static_cast<unsigned char>(c)) || c == '\'' || c == '"' || c == ';';
    };
    // scheme://user:password@host: the password runs from the first ':' of the login to its last '@'.
    for (auto p = text.find("://"); p != std::string::npos; p = text.find("://", p + 3)) {
        std::size_t end = p + 3;
        while (end < text.size() && !stops(text[end]))
            ++end;
        const auto at = text.rfind('@', end - 1);
        if (at == std::string::npos || at < p + 3)
            continue;
        const auto colon = text.find(':', p + 3);
        if (colon < at && colon + 1 < at)
            out.emplace_back(colon + 1, at);
    }
    // Key=value where the key looks secret (PWD, Password, Passwd, Pass, Token, Credential, ...KEY): the value,
    // in braces ("}}" inside) or up to ';', a space or a quote.
    for (auto eq = text.find('='); eq != std::string::npos; eq = text.find('=', eq + 1)) {
        std::size_t k = eq;
        while (k > 0 && (std::isalnum(static_cast<unsigned char>(text[k - 1])) || text[k - 1] == '_'))
            --k;
        if (k == eq || !isSecretKey(text.substr(k, eq - k)))
            continue;
        std::size_t v = eq + 1, end = v;
        if (v < text.size() && text[v] == '{') {
            for (end = v + 1; end < text.size(); ++end) {
                if (text[end] == '}' && end + 1 < text.size() && text[end + 1] == '}')
                    ++end;
                else if (text[end] == '}')
                    break;
            }
            end = std::min(end + 1, text.size());
        } else {
            while (end < text.size() && !stops(text[end]))
                ++end;
        }
        if (end > v)
            out.emplace_back(v, end);
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::string scrubSecrets(const std::string& text)
{
    std::string out;
    std::size_t at = 0;
    for (const auto& [begin, end] : secretSpans(text)) {
        if (begin < at)
            continue; // inside a span already replaced
        out.append(text, at, begin - at);
        out += "***";
        at = end;
    }
    return out.append(text, at, std::string::npos);
}

std::string storedQueryRefusal(const std::string& sessionPath, const std::string& url, const std::string& query)
{
    std::string q = query;
    std::replace_if(q.begin(), q.end(), [](char c) { return c == '\n' || c == '\r' || c == '\t'; }, ' ');
    return "the session " + sessionPath + " runs this SQL query on " + scrubSecrets(url) + ": " + q +
           " -- check it, then add --allow-session-sql to run it";
}

} // namespace rr::sql
