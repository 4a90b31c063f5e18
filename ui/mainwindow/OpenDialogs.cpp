#include "ui/mainwindow/OpenDialogs.h"

#include "core/statfiles/StatFormat.h"
#include "ui/import/ImportDialog.h"
#include "ui/mainwindow/ActionAttempt.h"
#include "ui/mainwindow/OpenDatabaseDialog.h"

#include <QCoreApplication>
#include <QFileDialog>
#include <QSettings>

namespace rr::ui {
namespace {
// The dialogs' texts keep the window's translation context.
struct DialogText {
    Q_DECLARE_TR_FUNCTIONS(rr::ui::MainWindow)
};
} // namespace

DataFilesChoice askDataFiles(QWidget* parent)
{
    const QStringList paths = QFileDialog::getOpenFileNames(
        parent, DialogText::tr("Open data (several CSV files with one header form one table)"), QString(),
        DialogText::tr("Data files (*.csv *.txt *.tsv *.sav *.zsav *.por *.dta *.sas7bdat *.xpt);;"
                       "CSV files (*.csv *.txt *.tsv);;"
                       "SPSS, Stata and SAS files (*.sav *.zsav *.por *.dta *.sas7bdat *.xpt);;"
                       "All files (*)"));
    if (paths.isEmpty())
        return {};
    if (statFormatOfPath(paths.front().toStdString())) // declares its own variables: no CSV import options
        return {paths, CsvOptions{}};
    ImportDialog dialog(paths, parent);
    if (dialog.exec() != QDialog::Accepted)
        return {};
    return {paths, dialog.options()};
}

void askDatabase(QWidget* parent, InfoBar& info, const std::optional<DatabaseChoice>& current,
                 const std::function<void(const DatabaseChoice&, const sql::Credentials&)>& open)
{
    OpenDatabaseDialog dialog(parent);
    QSettings settings;
    DatabaseChoice last;
    last.url = settings.value("database/url").toString(); // never with a password
    last.table = settings.value("database/table").toString();
    last.query = settings.value("database/query").toString();
    dialog.setChoice(current.value_or(last));
    if (dialog.exec() != QDialog::Accepted)
        return;
    DatabaseChoice chosen = dialog.choice();
    attempt(info, DialogText::tr("Could not open the database: %1"), [&]() {
        const sql::SqlLocation where =
            sql::parseSqlLocation(chosen.url.toStdString(), chosen.table.toStdString(), chosen.query.toStdString());
        sql::Credentials login = dialog.credentials();
        if (login.password.empty())
            login.password = where.credentials.password; // typed into the URL: used, never kept
        chosen.url = QString::fromStdString(where.url());
        settings.setValue("database/url", chosen.url);
        settings.setValue("database/table", chosen.table);
        settings.setValue("database/query", chosen.query);
        open(chosen, login);
    });
}

} // namespace rr::ui
