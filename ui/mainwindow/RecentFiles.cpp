#include "ui/mainwindow/RecentFiles.h"

#include <QAction>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>

namespace rr::ui {
namespace {
constexpr int kMaxRecent = 8;
} // namespace

RecentFiles::RecentFiles(QMenu* menu, QObject* parent) : QObject(parent), m_menu(menu)
{
    rebuild();
}

void RecentFiles::add(const QString& path)
{
    QSettings settings;
    QStringList recent = settings.value("recentFiles").toStringList();
    recent.removeAll(path);
    recent.prepend(path);
    while (recent.size() > kMaxRecent)
        recent.removeLast();
    settings.setValue("recentFiles", recent);
    rebuild();
}

void RecentFiles::rebuild()
{
    m_menu->clear();
    const QStringList recent = QSettings().value("recentFiles").toStringList();
    for (const QString& path : recent) {
        QAction* a = m_menu->addAction(QFileInfo(path).fileName(), this, [this, path]() { emit chosen(path); });
        a->setToolTip(path);
        a->setEnabled(QFileInfo::exists(path));
    }
    m_menu->setEnabled(!recent.isEmpty());
}

} // namespace rr::ui
