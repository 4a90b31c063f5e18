#pragma once
// The Risk step's table of every sensitive attribute (issue 22): for each, what its attacker knows, its largest
// and mean risk, the records above tau, and the records whose own largest risk it sets; then each record's
// largest over them. Hidden while the roles name one sensitive attribute.
#include "core/analysis/SeveralSensitive.h"

#include <QWidget>

class QLabel;
class QTableWidget;

namespace rr::ui {

class SeveralSensitivePanel : public QWidget {
    Q_OBJECT
public:
    explicit SeveralSensitivePanel(QWidget* parent = nullptr);
    // `risk` over `analysis` at tau; hides the panel when either is absent.
    void setData(const SeveralSensitiveAnalysis* analysis, const SeveralSensitiveRisk* risk, double tau);

    QTableWidget* table() const { return m_table; }

private:
    QLabel* m_title;
    QTableWidget* m_table;
};

} // namespace rr::ui
