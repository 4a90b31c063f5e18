#pragma once
// The menu bar and the main toolbar over the window's actions. The View menu is left for the pages (the window
// adds an entry per page of the catalog); the Analysis menu lists the pages' commands after the window's.
#include <QList>

class QAction;
class QMainWindow;
class QMenu;

namespace rr::ui {

struct WindowActions;

struct WindowMenus {
    QMenu* recent; // File > Open Recent
    QMenu* view;
};

WindowMenus createMenus(QMainWindow& window, const WindowActions& actions, const QList<QAction*>& pageCommands);
void createMainToolBar(QMainWindow& window, const WindowActions& actions);

} // namespace rr::ui
