#pragma once
// A database source as the analysis state and sessions keep it: the URL without its password and a table
// or a query. AnalysisState holds data as a list of paths; a database is the pair
// {"database:" + URL, "table:" + T | "query:" + Q} in that list, so every place that shows or compares the
// data paths keeps working, and SessionJson writes it as its own "database" object.
#include <QString>
#include <QStringList>

#include <optional>

namespace rr::ui {

struct DatabaseChoice {
    QString url; // never with a password (SqlLocation::url())
    QString table;
    QString query;
    bool operator==(const DatabaseChoice&) const = default;
};

QStringList databasePaths(const DatabaseChoice& choice);
// The database a data-path list names, or nothing for files.
std::optional<DatabaseChoice> databaseFrom(const QStringList& paths);

} // namespace rr::ui
