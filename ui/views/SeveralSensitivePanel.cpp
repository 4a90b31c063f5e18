#include "ui/views/SeveralSensitivePanel.h"

#include "core/risk/RandomizationMode.h"
#include "ui/charts/ChartStyle.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace rr::ui {

SeveralSensitivePanel::SeveralSensitivePanel(QWidget* parent) : QWidget(parent)
{
    m_title = new QLabel(tr("<b>Every sensitive attribute</b>"));
    m_table = new QTableWidget(0, 5);
    m_table->setObjectName("severalSensitiveTable");
    m_table->setHorizontalHeaderLabels({tr("Attribute"), tr("Max risk"), tr("Mean"), tr("Above \u03C4"), tr("Sets")});
    m_table->horizontalHeaderItem(4)->setToolTip(tr("Records whose largest risk is this attribute's"));
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->setToolTip(tr("Each sensitive attribute's risk Pr(S\u1D63 | what its attacker knows) over the table of the "
                           "quasi-identifiers, what its attacker knows, and itself. A record's risk is the largest "
                           "over them; \"Sets\" counts the records whose largest risk is that attribute's."));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_title);
    layout->addWidget(m_table);
    hide();
}

void SeveralSensitivePanel::setData(const SeveralSensitiveAnalysis* analysis, const SeveralSensitiveRisk* risk,
                                    double tau)
{
    if (!analysis || !risk || risk->perTarget.size() != analysis->spec.targets.size()) {
        hide();
        return;
    }
    const auto cell = [](const QString& text, const QString& tip = {}) {
        auto* item = new QTableWidgetItem(text);
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        item->setToolTip(tip);
        return item;
    };
    const auto fill = [&](int row, const QString& name, const QString& tip, const RiskSummary& s, double sets) {
        auto* label = new QTableWidgetItem(name);
        label->setToolTip(tip);
        m_table->setItem(row, 0, label);
        QTableWidgetItem* max = cell(QString::number(s.maxRisk, 'f', 4));
        if (!meetsThreshold(s.maxRisk, tau))
            max->setForeground(QColor(0xB0, 0x3A, 0x00));
        m_table->setItem(row, 1, max);
        m_table->setItem(row, 2, cell(QString::number(s.meanRisk, 'f', 4)));
        m_table->setItem(row, 3, cell(style::count(s.recordsOverTau)));
        m_table->setItem(row, 4, cell(sets < 0 ? QStringLiteral("\u2014") : style::count(sets)));
    };
    const std::size_t n = risk->perTarget.size();
    m_table->setRowCount(static_cast<int>(n + 1));
    for (std::size_t j = 0; j < n; ++j) {
        const SensitiveTarget& t = analysis->spec.targets[j];
        QString name = QString::fromStdString(t.attribute);
        QStringList knows;
        for (const std::string& k : t.knows)
            knows << QString::fromStdString(k);
        const QString tip = knows.isEmpty()
                                ? tr("Its attacker knows the quasi-identifiers")
                                : tr("Its attacker knows the quasi-identifiers and %1").arg(knows.join(", "));
        if (!knows.isEmpty())
            name += tr(" (knows %1)").arg(knows.join(", "));
        fill(static_cast<int>(j), name, tip, risk->perTarget[j], risk->recordsSetBy[j]);
    }
    fill(static_cast<int>(n), tr("Largest per record"), tr("Each record's largest risk over the sensitive attributes"),
         risk->overall, -1);
    QFont bold = m_table->item(static_cast<int>(n), 0)->font();
    bold.setBold(true);
    for (int c = 0; c < m_table->columnCount(); ++c)
        m_table->item(static_cast<int>(n), c)->setFont(bold);
    m_title->setText(tr("<b>Every sensitive attribute</b> (%1 records complete in all of them)")
                         .arg(style::count(risk->overall.records)));
    show();
}

} // namespace rr::ui
