#include "ui/mainwindow/ScreenFit.h"

#include <QGuiApplication>
#include <QScreen>
#include <QWidget>

#include <algorithm>

namespace rr::ui {

QRect availableScreenArea(const QWidget* w)
{
    QScreen* screen = nullptr;
    if (w)
        screen = w->screen();
    if (!screen && w && w->parentWidget())
        screen = w->parentWidget()->screen();
    if (!screen)
        screen = QGuiApplication::primaryScreen();
    return screen ? screen->availableGeometry() : QRect(0, 0, 1280, 800);
}

QSize sizeWithin(QSize wanted, const QRect& available)
{
    const QSize room = (available.size() - kFrameAllowance).expandedTo(QSize(1, 1));
    return wanted.boundedTo(room);
}

QRect rectWithin(QRect r, const QRect& available)
{
    r.setSize(sizeWithin(r.size(), available));
    const QSize room = available.size() - kFrameAllowance;
    const int left = available.left() + kFrameAllowance.width() / 2;
    const int top = available.top() + kFrameAllowance.height() - kFrameAllowance.width() / 2;
    r.moveLeft(std::clamp(r.left(), left, std::max(left, left + room.width() - r.width())));
    r.moveTop(std::clamp(r.top(), top, std::max(top, top + room.height() - r.height())));
    return r;
}

void resizeWithinScreen(QWidget* w, QSize wanted)
{
    w->resize(sizeWithin(wanted, availableScreenArea(w)));
}

void keepWithinScreen(QWidget* w)
{
    const QRect available = availableScreenArea(w);
    const QRect fitted = rectWithin(w->geometry(), available);
    if (fitted != w->geometry())
        w->setGeometry(fitted);
}

} // namespace rr::ui
