#include "ui/models/RiskyRecordsModel.h"

#include <QBrush>
#include <QColor>

namespace rr::ui {

RiskyRecordsModel::RiskyRecordsModel(QObject* parent) : QAbstractTableModel(parent) {}

void RiskyRecordsModel::setData(const RiskProfile& data)
{
    const bool reshape = data.attributeNames != m_names || data.riskiest.size() != m_rows.size();
    if (reshape)
        beginResetModel();
    m_rows = data.riskiest;
    m_names = data.attributeNames;
    m_tau = data.tau;
    if (reshape)
        endResetModel();
    else if (!m_rows.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

const RiskyRecord* RiskyRecordsModel::recordAt(int row) const
{
    return row >= 0 && static_cast<std::size_t>(row) < m_rows.size() ? &m_rows[static_cast<std::size_t>(row)] : nullptr;
}

int RiskyRecordsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int RiskyRecordsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_names.size()) + 2;
}

QVariant RiskyRecordsModel::data(const QModelIndex& index, int role) const
{
    const RiskyRecord* r = recordAt(index.row());
    if (!r)
        return {};
    const int n = static_cast<int>(m_names.size());
    if (role == Qt::DisplayRole) {
        if (index.column() < n)
            return QString::fromStdString(r->values[static_cast<std::size_t>(index.column())]);
        if (index.column() == n)
            return r->records;
        return QString::number(r->risk, 'f', 4);
    }
    if (role == Qt::TextAlignmentRole && index.column() >= n)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ForegroundRole && index.column() == n + 1 && r->risk > m_tau)
        return QBrush(QColor(0xB0, 0x3A, 0x00));
    return {};
}

QVariant RiskyRecordsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole)
        return {};
    if (orientation == Qt::Vertical)
        return section + 1;
    const int n = static_cast<int>(m_names.size());
    if (section < n)
        return QString::fromStdString(m_names[static_cast<std::size_t>(section)]) +
               (section == n - 1 ? tr(" (S)") : QString());
    return section == n ? tr("records") : tr("risk");
}

} // namespace rr::ui
