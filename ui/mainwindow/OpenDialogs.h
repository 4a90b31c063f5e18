#pragma once
// The dialogs that choose data to open: files (CSV with the import options, or SPSS, Stata, SAS) and a
// database table or query (the last one offered again, never its password).
#include "core/data/CsvReader.h"
#include "core/sources/SqlUrl.h"
#include "ui/session/DatabaseChoice.h"

#include <QStringList>

#include <functional>

class QWidget;

namespace rr::ui {

class InfoBar;

struct DataFilesChoice {
    QStringList paths; // empty: cancelled
    CsvOptions options;
};

// The files chosen and, for CSV files, the import dialog's options.
DataFilesChoice askDataFiles(QWidget* parent);

// Shows the database dialog (offering `current`, else the last choice); on OK runs `open` with the choice (its
// URL without a password) and the login. A URL that does not parse is reported in `info`.
void askDatabase(QWidget* parent, InfoBar& info, const std::optional<DatabaseChoice>& current,
                 const std::function<void(const DatabaseChoice&, const sql::Credentials&)>& open);

} // namespace rr::ui
