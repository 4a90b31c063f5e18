#pragma once
// What a query may not call on the read-only path. PostgreSQL lets a read-only transaction do more than read:
// change the session's settings (set_config, which a later transaction would inherit), create and remove large
// objects, write through another connection (dblink), write server files (adminpack), signal other sessions,
// send notifications, hold advisory locks, and run SQL text it was handed (query_to_xml, ts_stat). checkQuery
// refuses a query that names such a call, so the read-only connection cannot be talked into it; functions the
// database defines itself can still do whatever the role may (docs/SQL.md: a least-privilege role is the guard).
#include <string>
#include <vector>

namespace rr::sql {

// A name in a query, outside literals and comments: a word (`set_config`) or a quoted name (`"set_config"`),
// and whether a '(' follows it (a call).
struct QueryWord {
    std::string text;
    bool quoted = false;
    bool call = false;
};

// Throws InputError naming the first refused call (any case, quoted or not, schema-qualified or not) or an
// unquoted SET keyword (a SET statement or UPDATE ... SET has no place in a read).
void refuseWritingCalls(const std::vector<QueryWord>& words);

} // namespace rr::sql
