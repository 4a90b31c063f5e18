#pragma once
// Windows and dialogs that fit the screen they open on (issue 45): a size asked for is clamped to the
// screen's available area (less room for the window manager's frame), a saved geometry is moved and shrunk
// into it.
#include <QRect>
#include <QSize>

class QWidget;

namespace rr::ui {

// Room the window manager's frame takes around a top-level window (title bar and borders), as a guess for
// windows not shown yet.
inline constexpr QSize kFrameAllowance{16, 48};

// The available geometry of the screen `w` shows on (its parent's when it has none yet; else the primary).
QRect availableScreenArea(const QWidget* w);

// `wanted` no larger than `available` less the frame allowance.
QSize sizeWithin(QSize wanted, const QRect& available);

// `r` shrunk to fit `available` less the frame allowance and moved inside it.
QRect rectWithin(QRect r, const QRect& available);

// w->resize(wanted), clamped to its screen.
void resizeWithinScreen(QWidget* w, QSize wanted);

// Moves and shrinks a top-level widget so that it lies inside its screen's available area.
void keepWithinScreen(QWidget* w);

} // namespace rr::ui
