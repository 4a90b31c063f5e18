#pragma once
// Bin… on a numeric attribute (issue 21): the owner's cut points, k equal-width bins or k quantile bins,
// with a live preview of the bins and their records, counted by core (previewBins) from the attribute's
// summary. Values that are not numbers or lie outside the cuts are counted as becoming missing.
#include "core/datasource/DataSource.h"
#include "core/data/Binning.h"

#include <QDialog>

#include <optional>

class QButtonGroup;
class QDialogButtonBox;
class QGridLayout;
class QLabel;
class QLineEdit;
class QRadioButton;
class QSpinBox;
class QTableWidget;

namespace rr::ui {

class BinDialog : public QDialog {
    Q_OBJECT
public:
    // `attribute` as opened (before bins); `current` the bins it has, if any.
    explicit BinDialog(AttributeSummary attribute, const std::optional<BinSpec>& current = {}, QWidget* parent = nullptr);

    // The spec chosen (valid while OK is enabled).
    std::optional<BinSpec> spec() const { return m_spec; }

    QRadioButton* cutsButton() const { return m_cutsButton; }
    QRadioButton* widthButton() const { return m_widthButton; }
    QRadioButton* quantilesButton() const { return m_quantilesButton; }
    QLineEdit* cutsEdit() const { return m_cuts; }
    QSpinBox* widthBox() const { return m_width; }
    QSpinBox* quantilesBox() const { return m_quantiles; }
    QTableWidget* previewTable() const { return m_preview; }
    QLabel* problemLabel() const { return m_problem; }
    QDialogButtonBox* buttons() const { return m_buttons; }

private:
    // The constructor's parts.
    QLabel* buildAbout(const QString& name);
    QGridLayout* buildChoices(QButtonGroup*& group);
    void buildPreview();
    void startFrom(const std::optional<BinSpec>& current);
    void connectChoices(QButtonGroup* group);
    void refresh();

    AttributeSummary m_attribute;
    std::optional<BinSpec> m_spec;
    QRadioButton* m_cutsButton;
    QRadioButton* m_widthButton;
    QRadioButton* m_quantilesButton;
    QLineEdit* m_cuts;
    QSpinBox* m_width;
    QSpinBox* m_quantiles;
    QTableWidget* m_preview;
    QLabel* m_problem;
    QDialogButtonBox* m_buttons;
};

} // namespace rr::ui
