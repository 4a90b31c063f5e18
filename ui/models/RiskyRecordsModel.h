#pragma once
// The riskiest records (one row per QI+S combination): values, records sharing them, risk.
#include "core/analysis/Frame.h"

#include <QAbstractTableModel>

namespace rr::ui {

class RiskyRecordsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    explicit RiskyRecordsModel(QObject* parent = nullptr);
    void setData(const RiskProfile& data);
    const RiskyRecord* recordAt(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    std::vector<RiskyRecord> m_rows;
    std::vector<std::string> m_names;
    double m_tau = 1;
};

} // namespace rr::ui
