#pragma once
// ODBC connection strings (key=value;key={value with ;}): split, joined, values braced, secrets recognized.
#include <string>
#include <string_view>
#include <vector>

namespace rr::sql {

// One attribute of a connection string.
struct OdbcAttribute {
    std::string key, value; // value as written (braces kept)
};

// Throws InputError for an attribute without '=' or name, or a '{' never closed.
std::vector<OdbcAttribute> splitConnectionString(std::string_view cs);
// Joined with ';'; `mask`: secret-looking values (isSecretKey) shown as "***".
std::string joinConnectionString(const std::vector<OdbcAttribute>& attrs, bool mask);
// A value as the driver reads it: {a;b}} -> a;b} (a value without braces as it is).
std::string unbraceOdbcValue(const std::string& v);
// A value of an attribute, in braces when it holds ';', '{', '}' or a space.
std::string odbcAttributeValue(const std::string& value);
// Whether a key names a secret (any case: PWD, Password, Pass, Secret, Token, ...Key, Credential).
bool isSecretKey(const std::string& key);

} // namespace rr::sql
