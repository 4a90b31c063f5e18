#pragma once
// Secrets kept out of messages: a URL's password and the secret-looking values of a connection string
// replaced by "***" wherever a driver or a message repeats them.
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace rr::sql {

// Where the secrets of `text` are, as [begin, end) offsets in order: the password of a URL
// (scheme://user:password@host) and the value of each secret-looking key=value pair of a connection string
// (any case: PWD, Password, Passwd, Pass, Credential, Token, Secret, ...Key), in braces or up to ';'.
std::vector<std::pair<std::size_t, std::size_t>> secretSpans(const std::string& text);
// `text` with each of its secretSpans replaced by "***" (drivers repeat connection strings in messages).
std::string scrubSecrets(const std::string& text);

// Why a session file's stored query is not run unattended, showing the query (on one line) and the URL
// (secrets scrubbed): for the CLI's and the headless export's --session without --allow-session-sql.
std::string storedQueryRefusal(const std::string& sessionPath, const std::string& url, const std::string& query);

// `message` with every occurrence of `secret` (4 characters or more) replaced by "***".
std::string scrubSecret(std::string message, const std::string& secret);

} // namespace rr::sql
