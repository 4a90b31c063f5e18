#include "ui/views/RecordGroupDialog.h"

#include "core/risk/RandomizationMode.h"
#include "ui/charts/ChartStyle.h"
#include "ui/mainwindow/ScreenFit.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace rr::ui {

RecordGroupDialog::RecordGroupDialog(const RecordGroup& group, double tau, QWidget* parent)
    : QDialog(parent), m_group(group)
{
    setObjectName("recordGroupDialog");
    setWindowTitle(tr("Group of a risky record"));
    QStringList qi;
    for (std::size_t k = 0; k < group.qiNames.size(); ++k)
        qi << tr("%1 = <b>%2</b>")
                  .arg(QString::fromStdString(group.qiNames[k]).toHtmlEscaped(),
                       QString::fromStdString(group.qiValues[k]).toHtmlEscaped());
    m_heading = new QLabel(
        tr("<p>%1 records share the quasi-identifiers %2.</p><p>An attacker who knows a person's QI values "
           "guesses the person's %3 right with the probability in the last column, after randomization at the "
           "current p (risks above \u03C4 = %4 in red).</p>")
            .arg(style::count(group.records), qi.join(", "),
                 QString::fromStdString(group.sensitiveName).toHtmlEscaped())
            .arg(tau, 0, 'f', 3));
    m_heading->setWordWrap(true);
    m_table = new QTableWidget(static_cast<int>(group.cells.size()), 4);
    m_table->setHorizontalHeaderLabels({QString::fromStdString(group.sensitiveName), tr("Records"),
                                        tr("Share in the group"), tr("Risk Pr(S\u1D63 | QI\u1D63)")});
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setAccessibleName(tr("Records of the group by sensitive value"));
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    for (std::size_t i = 0; i < group.cells.size(); ++i) {
        const GroupCell& c = group.cells[i];
        const int row = static_cast<int>(i);
        const QString risk =
            c.defined ? QString::number(c.risk, 'f', 4) : tr("undefined: %1").arg(QString::fromStdString(c.reason));
        const QStringList cells{QString::fromStdString(c.sensitiveValue), style::count(c.records),
                                QString::number(c.share * 100, 'f', 1) + " %", risk};
        for (int col = 0; col < cells.size(); ++col) {
            auto* item = new QTableWidgetItem(cells[col]);
            if (col > 0)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (row == group.selected) { // the record double-clicked
                QFont bold = item->font();
                bold.setBold(true);
                item->setFont(bold);
            }
            if (col == 3 && c.defined && !meetsThreshold(c.risk, tau))
                item->setForeground(QColor(0xb0, 0x3a, 0x00));
            m_table->setItem(row, col, item);
        }
    }
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_heading);
    layout->addWidget(m_table, 1);
    layout->addWidget(buttons);
    resizeWithinScreen(this, QSize(640, 160 + 28 * static_cast<int>(group.cells.size())));
}

} // namespace rr::ui
