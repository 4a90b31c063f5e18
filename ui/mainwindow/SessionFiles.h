#pragma once
// Session files from the window: reading one (its database confirmed before anything connects) into the
// workspace, writing the workspace and what the pages keep (Page::addToSession), and the file dialogs.
#include "core/session/SessionHeader.h"

#include <QObject>
#include <QString>

#include <optional>

class QTabWidget;
class QWidget;

namespace rr::ui {

struct DatabaseChoice;
class InfoBar;
class Workspace;

class SessionFiles : public QObject {
    Q_OBJECT
public:
    SessionFiles(QWidget* window, Workspace& workspace, QTabWidget& pages, InfoBar& info);

    // Reads `path`: a table session is applied to the workspace; a session of another kind is left to the page
    // that holds it (the kind comes back). Nothing (the reason in the info bar) when it fails or the user
    // declines its database.
    std::optional<SessionKind> open(const QString& path);
    // Writes the session to `path`; false (the reason in the info bar) when it fails.
    bool save(const QString& path);
    // The file dialogs: the chosen path, or empty. A saved session's path ends in .json.
    QString askToOpen();
    QString askToSave(const QString& current);

private:
    // Shows a session's database (URL without password, table or query) and asks before connecting.
    bool confirmDatabase(const QString& path, const DatabaseChoice& db);

    QWidget* m_window;
    Workspace& m_workspace;
    QTabWidget& m_pages;
    InfoBar& m_info;
};

} // namespace rr::ui
