#include "ui/mainwindow/ElidingLabel.h"

#include <QResizeEvent>

namespace rr::ui {

ElidingLabel::ElidingLabel(QWidget* parent) : QLabel(parent)
{
    setTextFormat(Qt::PlainText);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
}

void ElidingLabel::setFullText(const QString& text)
{
    m_full = text;
    updateGeometry();
    showFitting();
}

QSize ElidingLabel::sizeHint() const
{
    const QMargins m = contentsMargins();
    return {fontMetrics().horizontalAdvance(m_full) + 2 * margin() + m.left() + m.right() + 2,
            QLabel::sizeHint().height()};
}

QSize ElidingLabel::minimumSizeHint() const
{
    return {fontMetrics().horizontalAdvance(QStringLiteral("Max r\u2026")), QLabel::minimumSizeHint().height()};
}

void ElidingLabel::resizeEvent(QResizeEvent* event)
{
    QLabel::resizeEvent(event);
    showFitting();
}

void ElidingLabel::showFitting()
{
    const int room = contentsRect().width() - 2 * margin();
    const QString shown = fontMetrics().elidedText(m_full, Qt::ElideRight, std::max(0, room));
    if (shown != text())
        QLabel::setText(shown);
}

} // namespace rr::ui
