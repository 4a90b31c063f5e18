#include "core/session/SessionHeader.h"

namespace rr::session {
namespace {

// Where each kind opens, for the message of a session opened as the other kind.
std::string whereItOpens(SessionKind kind)
{
    return kind == SessionKind::Baskets
               ? "open it with Open Baskets Session in the Baskets workspace, or give it to a `basket` command"
               : "open it with File > Open Session, or give it to a table command such as `risk`";
}

// The "version" as a number; -1 when it is absent or not a number (no version is negative).
double versionNumber(const Json& root)
{
    const Json* version = member(root, "version");
    return version && version->is_number() ? version->get<double>() : -1;
}

} // namespace

Json sessionHeader(SessionKind kind)
{
    Json header = Json::object();
    header["format"] = kFormat;
    header["version"] = kind == SessionKind::Table ? kTableVersion : kBasketsVersion;
    return header;
}

SessionKind sessionKind(const Json& root)
{
    if (!root.is_object())
        failField("a session must be a JSON object");
    if (textOrEmpty(root, "format") != kFormat) {
        if (textOrEmpty(root, "kind") == kOldBasketsKind)
            return SessionKind::Baskets; // before the one format; their "version" was never checked
        failField(std::string("not an RR Explorer session (\"format\" must be \"") + kFormat + "\")");
    }
    const double version = versionNumber(root);
    if (version == kTableVersion)
        return SessionKind::Table;
    if (version == kBasketsVersion)
        return SessionKind::Baskets;
    const Json* given = member(root, "version");
    const std::string shown = given ? " " + clipped(given->dump(-1, ' ', false, Json::error_handler_t::replace), 40) : "";
    failField("unsupported session version" + shown + " (this build reads " + std::to_string(kTableVersion) +
              ", a table session, and " + std::to_string(kBasketsVersion) + ", a basket session)");
}

std::string kindName(SessionKind kind)
{
    return kind == SessionKind::Table ? "table session" : "basket session";
}

void failKind(SessionKind found, SessionKind wanted)
{
    failField("this is a " + kindName(found) + ", not a " + kindName(wanted) + ": " + whereItOpens(found));
}

} // namespace rr::session
