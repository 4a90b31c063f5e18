#include "core/sources/QueryRefusals.h"

#include "core/data/Errors.h"

#include <cctype>
#include <string_view>

namespace rr::sql {

namespace {

struct Refused {
    std::string_view name; // lower case
    bool prefix;           // every function whose name starts so
    std::string_view why;
};

constexpr std::string_view kSettings = "changes the session's settings";
constexpr std::string_view kLargeObjects = "creates, writes or removes large objects or server files";
constexpr std::string_view kElsewhere = "writes through another connection or process";
constexpr std::string_view kSessions = "signals or notifies other sessions, or holds locks past the query";
constexpr std::string_view kServer = "changes the server's state";
constexpr std::string_view kRunsText = "runs SQL text it is given, which this check cannot read";
constexpr std::string_view kSequences = "writes a sequence";

constexpr Refused kRefused[] = {
    {"set_config", false, kSettings},
    {"setval", false, kSequences},
    {"nextval", false, kSequences},
    {"lo_", true, kLargeObjects}, // lo_import, lo_from_bytea, lo_create, lo_unlink, lo_put, lo_export, ...
    {"lowrite", false, kLargeObjects},
    {"pg_file_", true, kLargeObjects}, // adminpack: pg_file_write, pg_file_rename, pg_file_unlink, pg_file_sync
    {"pg_logdir_ls", false, kLargeObjects},
    {"dblink", true, kElsewhere}, // dblink, dblink_exec, dblink_connect, dblink_send_query, ...
    {"pg_background_", true, kElsewhere},
    {"pg_terminate_backend", false, kSessions},
    {"pg_cancel_backend", false, kSessions},
    {"pg_notify", false, kSessions},
    {"pg_advisory_", true, kSessions},
    {"pg_try_advisory_", true, kSessions},
    {"pg_reload_conf", false, kServer},
    {"pg_rotate_logfile", false, kServer},
    {"pg_switch_wal", false, kServer},
    {"pg_create_", true, kServer}, // restore points, replication slots
    {"pg_drop_replication_slot", false, kServer},
    {"pg_replication_slot_advance", false, kServer},
    {"pg_replication_origin_", true, kServer},
    {"pg_logical_emit_message", false, kServer},
    {"pg_backup_start", false, kServer},
    {"pg_backup_stop", false, kServer},
    {"pg_start_backup", false, kServer},
    {"pg_stop_backup", false, kServer},
    {"pg_promote", false, kServer},
    {"pg_wal_replay_", true, kServer},
    {"pg_stat_reset", true, kServer},
    {"pg_log_backend_memory_contexts", false, kServer},
    {"pg_import_system_collations", false, kServer},
    {"brin_summarize_", true, kServer},
    {"brin_desummarize_range", false, kServer},
    {"gin_clean_pending_list", false, kServer},
    {"query_to_xml", true, kRunsText}, // query_to_xml, query_to_xmlschema, query_to_xml_and_xmlschema
    {"cursor_to_xml", true, kRunsText},
    {"ts_stat", false, kRunsText},
    {"ts_rewrite", false, kRunsText},
    {"xpath_table", false, kRunsText},
    {"crosstab", true, kRunsText}, // tablefunc: crosstab, crosstab2, ...
    {"connectby", false, kRunsText},
};

std::string lower(const std::string& s)
{
    std::string out = s;
    for (char& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

const Refused* refused(const std::string& name)
{
    for (const Refused& r : kRefused)
        if (r.prefix ? name.compare(0, r.name.size(), r.name) == 0 : name == r.name)
            return &r;
    return nullptr;
}

} // namespace

void refuseWritingCalls(const std::vector<QueryWord>& words)
{
    for (const QueryWord& w : words) {
        const std::string name = lower(w.text);
        if (!w.quoted && name == "set")
            throw InputError("the query has the keyword SET, which changes settings or rows; a query may only read "
                             "(see docs/SQL.md)");
        if (!w.call)
            continue;
        if (const Refused* r = refused(name))
            throw InputError("the query calls " + w.text + "(), which " + std::string(r->why) +
                             "; a query may only read, so it is refused (see docs/SQL.md)");
    }
}

} // namespace rr::sql
