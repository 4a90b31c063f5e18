#include "ui/mainwindow/RowWindowBar.h"

#include "ui/models/TableModel.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>

#include <algorithm>
#include <climits>

namespace rr::ui {

RowWindowBar::RowWindowBar(TableModel* model, QWidget* parent) : QWidget(parent), m_model(model)
{
    setObjectName("rowWindowBar");
    m_label = new QLabel;
    m_label->setObjectName("rowWindowLabel");
    m_label->setWordWrap(true); // on a narrow screen two lines, rather than a window wider than the screen
    m_row = new QSpinBox;
    m_row->setObjectName("rowWindowGoTo");
    m_row->setPrefix(tr("go to row "));
    m_row->setKeyboardTracking(false);
    m_previous = new QPushButton(tr("Previous rows"));
    m_next = new QPushButton(tr("Next rows"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_label, 1);
    layout->addWidget(m_previous);
    layout->addWidget(m_next);
    layout->addWidget(m_row);
    const auto window = TableModel::kWindowRows;
    connect(m_previous, &QPushButton::clicked, this, [this, window] {
        m_model->setWindowStart(m_model->windowStart() - std::min(m_model->windowStart(), window));
    });
    connect(m_next, &QPushButton::clicked, this,
            [this, window] { m_model->setWindowStart(m_model->windowStart() + window); });
    connect(m_row, &QSpinBox::valueChanged, this, [this](int row) { goToRow(static_cast<std::size_t>(row - 1)); });
    connect(m_model, &TableModel::windowChanged, this, &RowWindowBar::refresh);
    refresh();
}

void RowWindowBar::goToRow(std::size_t row)
{
    const std::size_t lead = TableModel::kWindowRows / 10;
    m_model->setWindowStart(row > lead ? row - lead : 0);
}

void RowWindowBar::refresh()
{
    const std::size_t total = m_model->totalRows();
    setVisible(total > TableModel::kWindowRows);
    if (total <= TableModel::kWindowRows)
        return;
    const std::size_t first = m_model->windowStart();
    const std::size_t last = std::min(total, first + TableModel::kWindowRows);
    const QLocale locale;
    m_label->setText(tr("Rows %1 to %2 of %3 (the table shows %4 rows at a time)")
                         .arg(locale.toString(qulonglong(first + 1)), locale.toString(qulonglong(last)),
                              locale.toString(qulonglong(total)),
                              locale.toString(qulonglong(TableModel::kWindowRows))));
    m_previous->setEnabled(first > 0);
    m_next->setEnabled(last < total);
    const QSignalBlocker block(m_row);
    m_row->setRange(1, static_cast<int>(std::min<std::size_t>(total, INT_MAX)));
    m_row->setValue(static_cast<int>(std::min<std::size_t>(first + 1, INT_MAX)));
}

} // namespace rr::ui
