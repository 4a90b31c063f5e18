#include "ui/models/TableModel.h"

#include <QBrush>
#include <QColor>
#include <QFont>

namespace rr::ui {

TableModel::TableModel(QObject* parent) : QAbstractTableModel(parent) {}

void TableModel::setTable(std::shared_ptr<const Table> table)
{
    beginResetModel();
    m_table = std::move(table);
    m_used.clear();
    m_weighted = m_table && !m_table->weights.empty();
    endResetModel();
}

void TableModel::setRowUsed(std::vector<std::uint8_t> used)
{
    m_used = std::move(used);
    if (rowCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1), {Qt::ForegroundRole, Qt::ToolTipRole});
}

int TableModel::rowCount(const QModelIndex& parent) const
{
    if (parent.isValid() || !m_table)
        return 0;
    return static_cast<int>(std::min<std::size_t>(m_table->rowCount(), static_cast<std::size_t>(INT_MAX)));
}

int TableModel::columnCount(const QModelIndex& parent) const
{
    if (parent.isValid() || !m_table)
        return 0;
    return static_cast<int>(m_table->attributes.size()) + (m_weighted ? 1 : 0);
}

QVariant TableModel::data(const QModelIndex& index, int role) const
{
    if (!m_table || !index.isValid())
        return {};
    const auto row = static_cast<std::size_t>(index.row());
    const auto col = static_cast<std::size_t>(index.column());
    const bool dropped = !m_used.empty() && row < m_used.size() && !m_used[row];
    if (col >= m_table->attributes.size()) { // count column of aggregated input
        if (role == Qt::DisplayRole)
            return m_table->weight(row);
        if (role == Qt::TextAlignmentRole)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    }
    const Attribute& a = m_table->attributes[col];
    const int32_t code = a.codes[row];
    switch (role) {
    case Qt::DisplayRole:
        return code == Attribute::kMissing ? QStringLiteral("?")
                                           : QString::fromStdString(a.categories[static_cast<std::size_t>(code)]);
    case Qt::ForegroundRole:
        if (code == Attribute::kMissing)
            return QBrush(QColor(0xD5, 0x5E, 0x00));
        if (dropped)
            return QBrush(QColor(150, 150, 150));
        return {};
    case Qt::FontRole:
        if (dropped) {
            QFont f;
            f.setItalic(true);
            return f;
        }
        return {};
    case Qt::ToolTipRole:
        if (code == Attribute::kMissing)
            return tr("missing value");
        if (dropped)
            return tr("record dropped by the missing-value policy");
        return {};
    default: return {};
    }
}

QVariant TableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole || !m_table)
        return {};
    if (orientation == Qt::Vertical)
        return section + 1;
    if (static_cast<std::size_t>(section) < m_table->attributes.size())
        return QString::fromStdString(m_table->attributes[static_cast<std::size_t>(section)].name);
    return tr("count");
}

} // namespace rr::ui
