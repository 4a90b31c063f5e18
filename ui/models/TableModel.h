#pragma once
// The loaded table for a QTableView: reads the columnar rr::Table in place (no per-row copies),
// so a million rows scroll smoothly. Rows the analysis drops are greyed.
#include "core/data/Table.h"

#include <QAbstractTableModel>

#include <cstdint>
#include <memory>
#include <vector>

namespace rr::ui {

class TableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    explicit TableModel(QObject* parent = nullptr);

    void setTable(std::shared_ptr<const Table> table);
    // Per row: 1 if the analysis uses it (empty: all shown as used).
    void setRowUsed(std::vector<std::uint8_t> used);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    std::shared_ptr<const Table> m_table;
    std::vector<std::uint8_t> m_used;
    bool m_weighted = false;
};

} // namespace rr::ui
