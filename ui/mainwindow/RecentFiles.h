#pragma once
// File > Open Recent: the last files and sessions opened or saved (kept in the settings), newest first.
#include <QObject>
#include <QString>

class QMenu;

namespace rr::ui {

class RecentFiles : public QObject {
    Q_OBJECT
public:
    RecentFiles(QMenu* menu, QObject* parent);

    void add(const QString& path);
    // The menu again from the settings (a file gone is listed, disabled).
    void rebuild();

signals:
    void chosen(const QString& path);

private:
    QMenu* m_menu;
};

} // namespace rr::ui
