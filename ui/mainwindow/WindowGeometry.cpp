#include "ui/mainwindow/WindowGeometry.h"

#include "ui/mainwindow/ScreenFit.h"

#include <QMainWindow>
#include <QSettings>

namespace rr::ui {

void restoreWindowGeometry(QMainWindow& window)
{
    if (window.restoreGeometry(QSettings().value("window/geometry").toByteArray()))
        keepWithinScreen(&window);
    else
        resizeWithinScreen(&window, QSize(1280, 800));
}

bool restoreWindowDocks(QMainWindow& window)
{
    return window.restoreState(QSettings().value("window/state").toByteArray());
}

void saveWindowLayout(const QMainWindow& window)
{
    QSettings settings;
    settings.setValue("window/geometry", window.saveGeometry());
    settings.setValue("window/state", window.saveState());
}

} // namespace rr::ui
