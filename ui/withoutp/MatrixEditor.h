#pragma once
// The per-attribute matrix editor (issue 9, advanced): a column-stochastic matrix P(u | v) as a small
// editable table, started from Warner (p), binary (p0, p1), invariant PRAM or a CSV file, with live
// checks (columns sum to 1, entries in [0, 1], invertible and well conditioned) by core's validation.
#include "core/distortion/DistortionSpec.h"

#include <QDialog>

#include <optional>
#include <string>
#include <vector>

class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QTableWidget;

namespace rr::ui {

// Attributes with more categories are not edited cell by cell (the table would not fit).
inline constexpr int kMaxEditedCategories = 24;

class MatrixEditor : public QDialog {
    Q_OBJECT
public:
    // `marginal`: the attribute's category counts (invariant PRAM keeps them); `p`: its current Warner p.
    MatrixEditor(const std::string& attribute, const std::vector<std::string>& categories,
                 const Eigen::VectorXd& marginal, double p, QWidget* parent = nullptr);

    // The checked matrix as a spec (the kind it was built from while unedited, else an edited matrix);
    // empty while the table does not pass the checks.
    std::optional<DistortionSpec> spec() const { return m_spec; }
    QString checkText() const;
    QTableWidget* table() const { return m_table; }
    QComboBox* kindBox() const { return m_kind; }
    QDoubleSpinBox* firstParameter() const { return m_a; }
    QDoubleSpinBox* secondParameter() const { return m_b; }
    // Reads a matrix file (core/distortion/MatrixFile.h) into the table; false with the reason shown.
    bool loadFile(const QString& path);

private:
    // The constructor's parts.
    void buildParameters(int d, double p);
    void buildTable(int d);
    void buildLayout();
    void connectControls();
    void kindChanged();
    void regenerate();
    void fillTable(const Eigen::MatrixXd& m);
    void check();

    std::string m_attribute;
    std::vector<std::string> m_categories;
    Eigen::VectorXd m_marginal;
    QComboBox* m_kind;
    QDoubleSpinBox* m_a;
    QDoubleSpinBox* m_b;
    QLabel* m_aLabel;
    QLabel* m_bLabel;
    QTableWidget* m_table;
    QLabel* m_checks;
    QDialogButtonBox* m_buttons;
    DistortionSpec m_generated; // what the kind and parameters produced
    bool m_edited = false;      // a cell was changed by hand since
    bool m_filling = false;
    std::optional<DistortionSpec> m_spec;
};

} // namespace rr::ui
