#include "ui/mainwindow/SessionFiles.h"

#include "core/sources/SqlUrl.h"
#include "ui/document/Workspace.h"
#include "ui/export/LastFolder.h"
#include "ui/mainwindow/ActionAttempt.h"
#include "ui/mainwindow/InfoBar.h"
#include "ui/mainwindow/PageTabs.h"
#include "ui/session/DatabaseChoice.h"
#include "ui/session/SessionCapture.h"
#include "ui/views/Page.h"
#include "core/sources/SecretScrub.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QTabWidget>

namespace rr::ui {

SessionFiles::SessionFiles(QWidget* window, Workspace& workspace, QTabWidget& pages, InfoBar& info)
    : QObject(window), m_window(window), m_workspace(workspace), m_pages(pages), m_info(info)
{}

std::optional<SessionKind> SessionFiles::open(const QString& path)
{
    AnySession any;
    if (!attempt(m_info, tr("Could not open the session: %1"), [&] { any = readAnySessionFile(path); }))
        return std::nullopt;
    const SessionData* session = std::get_if<SessionData>(&any);
    if (!session)
        return kindOf(any);
    // A session file may come from anyone: its database and query are shown before anything connects.
    if (const auto db = databaseFrom(sessionDataPaths(*session)); db && !confirmDatabase(path, *db))
        return std::nullopt;
    if (!attempt(m_info, tr("Could not open the session: %1"), [&] { m_workspace.applySession(*session); }))
        return std::nullopt;
    return SessionKind::Table;
}

bool SessionFiles::confirmDatabase(const QString& path, const DatabaseChoice& db)
{
    const QString url = QString::fromStdString(sql::scrubSecrets(db.url.toStdString())); // a hand-edited file
    QMessageBox box(QMessageBox::Question, tr("Connect to the session's database?"),
                    tr("The session %1 reads its data from a database. Connect and run this, read only?")
                        .arg(QFileInfo(path).fileName()),
                    QMessageBox::Yes | QMessageBox::No, m_window);
    box.setObjectName("sessionDatabaseConfirmation");
    box.setInformativeText(db.query.isEmpty() ? tr("Database: %1\nTable: %2").arg(url, db.table)
                                              : tr("Database: %1\nQuery:\n%2").arg(url, db.query));
    box.setDefaultButton(QMessageBox::No);
    if (box.exec() == QMessageBox::Yes)
        return true;
    m_info.showMessage(tr("The session was not opened: its database was not confirmed."), InfoBar::Kind::Info);
    return false;
}

bool SessionFiles::save(const QString& path)
{
    return attempt(m_info, tr("Could not save the session: %1"), [&] {
        SessionData s = m_workspace.captureSession();
        for (const Page* p : pageHooks(m_pages))
            p->addToSession(s, m_workspace);
        writeSessionFile(s, path);
    });
}

QString SessionFiles::askToOpen()
{
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open Session"), lastFolder("session"),
                                                      tr("RR Explorer sessions (*.json)"));
    rememberFolder("session", path);
    return path;
}

QString SessionFiles::askToSave(const QString& current)
{
    QString path =
        QFileDialog::getSaveFileName(m_window, tr("Save Session"), current.isEmpty() ? lastFolder("session") : current,
                                     tr("RR Explorer sessions (*.json)"));
    if (path.isEmpty())
        return path;
    rememberFolder("session", path);
    if (!path.endsWith(".json", Qt::CaseInsensitive))
        path += ".json";
    return path;
}

} // namespace rr::ui
