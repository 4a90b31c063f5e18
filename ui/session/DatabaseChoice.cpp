#include "ui/session/DatabaseChoice.h"

namespace rr::ui {

namespace {
const QString kDatabase = QStringLiteral("database:");
const QString kTable = QStringLiteral("table:");
const QString kQuery = QStringLiteral("query:");
} // namespace

QStringList databasePaths(const DatabaseChoice& c)
{
    return {kDatabase + c.url, c.query.isEmpty() ? kTable + c.table : kQuery + c.query};
}

std::optional<DatabaseChoice> databaseFrom(const QStringList& paths)
{
    if (paths.size() != 2 || !paths[0].startsWith(kDatabase))
        return std::nullopt;
    DatabaseChoice c;
    c.url = paths[0].mid(kDatabase.size());
    if (paths[1].startsWith(kTable))
        c.table = paths[1].mid(kTable.size());
    else if (paths[1].startsWith(kQuery))
        c.query = paths[1].mid(kQuery.size());
    else
        return std::nullopt;
    return c;
}

} // namespace rr::ui
