#include "ui/mainwindow/InfoBar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QToolButton>


namespace rr::ui {

InfoBar::InfoBar(QWidget* parent) : QFrame(parent)
{
    setObjectName("infoBar");
    setFrameShape(QFrame::StyledPanel);
    m_icon = new QLabel;
    m_text = new QLabel;
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_buttons = new QHBoxLayout;
    auto* close = new QToolButton;
    close->setText(QStringLiteral("\u2715"));
    close->setAutoRaise(true);
    close->setToolTip(tr("Dismiss"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 4, 4);
    layout->addWidget(m_icon, 0, Qt::AlignTop);
    layout->addWidget(m_text, 1);
    layout->addLayout(m_buttons);
    layout->addWidget(close, 0, Qt::AlignTop);
    connect(close, &QToolButton::clicked, this, &QWidget::hide);
    hide();
}

void InfoBar::showMessage(const QString& text, Kind kind, const QString& details)
{
    m_kind = kind;
    m_topic.clear();
    m_text->setToolTip(details);
    while (QLayoutItem* item = m_buttons->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    m_text->setText(text);
    QStyle::StandardPixmap icon = QStyle::SP_MessageBoxInformation;
    QString colors = "background:#e8f1fb; border:1px solid #9cc3e8;";
    if (kind == Kind::Success) {
        colors = "background:#e9f6ec; border:1px solid #8cc79a;";
    } else if (kind == Kind::Warning) {
        icon = QStyle::SP_MessageBoxWarning;
        colors = "background:#fff5e0; border:1px solid #e0b060;";
    } else if (kind == Kind::Error) {
        icon = QStyle::SP_MessageBoxCritical;
        colors = "background:#fdeaea; border:1px solid #e09090;";
    }
    setStyleSheet(
        QString("#infoBar{%1 border-radius:3px;} #infoBar QLabel{background:transparent; border:none;}").arg(colors));
    const int size = fontMetrics().height() + 6;
    m_icon->setPixmap(style()->standardIcon(icon).pixmap(size, size));
    show();
}

void InfoBar::addAction(const QString& text, const std::function<void()>& callback)
{
    auto* button = new QPushButton(text);
    connect(button, &QPushButton::clicked, this, [this, callback]() {
        hide();
        callback();
    });
    m_buttons->addWidget(button);
}

void InfoBar::dismissStale(const QString& kind, const QString& current)
{
    const QString shown = topic();
    if (shown.section(' ', 0, 0) == kind && shown != current)
        hide();
}

QString InfoBar::text() const
{
    return isHidden() ? QString() : m_text->text();
}

QStringList InfoBar::actionTexts() const
{
    QStringList out;
    for (int i = 0; i < m_buttons->count(); ++i)
        if (auto* b = qobject_cast<QPushButton*>(m_buttons->itemAt(i)->widget()))
            out << b->text();
    return out;
}

bool InfoBar::trigger(const QString& text)
{
    for (int i = 0; i < m_buttons->count(); ++i)
        if (auto* b = qobject_cast<QPushButton*>(m_buttons->itemAt(i)->widget()); b && b->text() == text) {
            b->click();
            return true;
        }
    return false;
}

} // namespace rr::ui
