#pragma once
// The window's size, position and docks across runs (QSettings "window/geometry" and "window/state"). A
// geometry saved on a larger screen, or off this one, comes back within the screen's available area.
class QMainWindow;

namespace rr::ui {

// The saved geometry fitted to the screen, or 1280 x 800 within it; the saved docks, or false on a first start
// (nothing saved).
void restoreWindowGeometry(QMainWindow& window);
bool restoreWindowDocks(QMainWindow& window);
void saveWindowLayout(const QMainWindow& window);

} // namespace rr::ui
