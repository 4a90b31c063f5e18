#include "ui/withoutp/MatrixEditor.h"
#include "ui/texts/ErrorText.h"

#include "core/data/Errors.h"
#include "core/distortion/MatrixValidation.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace rr::ui {

MatrixEditor::MatrixEditor(const std::string& attribute, const std::vector<std::string>& categories,
                           const Eigen::VectorXd& marginal, double p, QWidget* parent)
    : QDialog(parent), m_attribute(attribute), m_categories(categories), m_marginal(marginal)
{
    setObjectName("matrixEditor");
    setWindowTitle(tr("Distortion matrix of %1").arg(QString::fromStdString(attribute)));
    const int d = static_cast<int>(categories.size());
    if (d > kMaxEditedCategories)
        throw InputError("attribute '" + attribute + "' has " + std::to_string(d) +
                         " categories; the editor shows at most " + std::to_string(kMaxEditedCategories) +
                         " (use a matrix file with the CLI's --matrix)");
    buildParameters(d, p);
    buildTable(d);
    buildLayout();
    connectControls();
    kindChanged();
}

// The kind of matrix to start from and its two parameters (both at p).
void MatrixEditor::buildParameters(int d, double p)
{
    m_kind = new QComboBox;
    m_kind->addItem(tr("Warner (p)"), int(DistortionKind::Warner));
    if (d == 2)
        m_kind->addItem(tr("Binary (p0, p1)"), int(DistortionKind::Binary));
    m_kind->addItem(tr("Invariant PRAM (pd, alpha)"), int(DistortionKind::InvariantPram));
    m_kind->addItem(tr("From CSV file\u2026"), int(DistortionKind::MatrixFile));
    m_a = new QDoubleSpinBox;
    m_b = new QDoubleSpinBox;
    for (QDoubleSpinBox* box : {m_a, m_b}) {
        box->setRange(0, 1);
        box->setDecimals(3);
        box->setSingleStep(0.01);
    }
    m_a->setValue(p);
    m_b->setValue(p);
    m_aLabel = new QLabel;
    m_bLabel = new QLabel;
    m_aLabel->setBuddy(m_a); // the labels name the parameters of the chosen kind
    m_bLabel->setBuddy(m_b);
}

// The d x d matrix (columns sum to 1), the checks line and Apply / Cancel.
void MatrixEditor::buildTable(int d)
{
    m_table = new QTableWidget(d, d);
    QStringList labels;
    for (const auto& c : m_categories)
        labels << QString::fromStdString(c);
    m_table->setHorizontalHeaderLabels(labels);
    m_table->setVerticalHeaderLabels(labels);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setAccessibleName(tr("Randomization matrix of %1").arg(QString::fromStdString(m_attribute)));
    m_table->setToolTip(tr("Entry (u, v) = P(randomized u | original v): every column sums to 1"));
    m_checks = new QLabel;
    m_checks->setObjectName("matrixChecks");
    m_checks->setWordWrap(true);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Apply"));
}

// The kind and its parameters above the matrix, the checks and the buttons below.
void MatrixEditor::buildLayout()
{
    auto* form = new QGridLayout;
    form->addWidget(new QLabel(tr("Start from:")), 0, 0);
    form->addWidget(m_kind, 0, 1, 1, 3);
    form->addWidget(m_aLabel, 1, 0);
    form->addWidget(m_a, 1, 1);
    form->addWidget(m_bLabel, 1, 2);
    form->addWidget(m_b, 1, 3);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(new QLabel(tr("Rows: randomized value u; columns: original value v.")));
    layout->addWidget(m_table, 1);
    layout->addWidget(m_checks);
    layout->addWidget(m_buttons);
}

// A new kind or parameter regenerates the matrix; an edit of an entry checks it again.
void MatrixEditor::connectControls()
{
    connect(m_kind, &QComboBox::activated, this, &MatrixEditor::kindChanged);
    connect(m_a, &QDoubleSpinBox::valueChanged, this, &MatrixEditor::regenerate);
    connect(m_b, &QDoubleSpinBox::valueChanged, this, &MatrixEditor::regenerate);
    connect(m_table, &QTableWidget::itemChanged, this, [this]() {
        if (m_filling)
            return;
        m_edited = true;
        check();
    });
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

void MatrixEditor::kindChanged()
{
    const auto kind = static_cast<DistortionKind>(m_kind->currentData().toInt());
    const bool two = kind == DistortionKind::Binary || kind == DistortionKind::InvariantPram;
    m_aLabel->setText(kind == DistortionKind::Binary          ? tr("p0 = P(0 | 0)")
                      : kind == DistortionKind::InvariantPram ? tr("pd (diagonal)")
                                                              : tr("p"));
    m_bLabel->setText(kind == DistortionKind::Binary ? tr("p1 = P(1 | 1)") : tr("alpha"));
    m_a->setEnabled(kind != DistortionKind::MatrixFile);
    m_b->setVisible(two);
    m_bLabel->setVisible(two);
    if (kind == DistortionKind::MatrixFile) {
        const QString path = QFileDialog::getOpenFileName(this, tr("Distortion matrix"), {}, tr("CSV (*.csv *.txt)"));
        if (!path.isEmpty())
            loadFile(path);
        return;
    }
    regenerate();
}

void MatrixEditor::regenerate()
{
    const auto kind = static_cast<DistortionKind>(m_kind->currentData().toInt());
    const int d = static_cast<int>(m_categories.size());
    try {
        if (kind == DistortionKind::Warner)
            m_generated = warnerSpec(m_a->value());
        else if (kind == DistortionKind::Binary)
            m_generated = binarySpec(m_a->value(), m_b->value());
        else if (kind == DistortionKind::InvariantPram)
            m_generated = invariantPramSpec(m_marginal, m_a->value(), m_b->value());
        else
            return;
        m_edited = false;
        const Eigen::MatrixXd m = kind == DistortionKind::Warner ? DistortionMatrix::warner(d, m_a->value()).matrix()
                                  : kind == DistortionKind::Binary
                                      ? binaryDistortion(m_a->value(), m_b->value()).matrix()
                                      : fromRows(m_generated.matrix, m_attribute);
        fillTable(m);
    } catch (const InputError& e) {
        m_spec.reset();
        m_checks->setText(tr("\u2718 %1").arg(errorText(e)));
        m_buttons->button(QDialogButtonBox::Ok)->setEnabled(false);
    }
}

bool MatrixEditor::loadFile(const QString& path)
{
    try {
        m_generated = matrixFileSpec(path.toStdString(), m_attribute, m_categories);
        m_edited = false;
        fillTable(fromRows(m_generated.matrix, m_attribute));
        return true;
    } catch (const InputError& e) {
        m_spec.reset();
        m_checks->setText(tr("\u2718 %1").arg(errorText(e)));
        m_buttons->button(QDialogButtonBox::Ok)->setEnabled(false);
        return false;
    }
}

void MatrixEditor::fillTable(const Eigen::MatrixXd& m)
{
    m_filling = true;
    for (int u = 0; u < m.rows(); ++u)
        for (int v = 0; v < m.cols(); ++v)
            m_table->setItem(u, v, new QTableWidgetItem(QString::number(m(u, v), 'g', 6)));
    m_filling = false;
    check();
}

void MatrixEditor::check()
{
    const int d = static_cast<int>(m_categories.size());
    Eigen::MatrixXd m(d, d);
    QString problems;
    for (int u = 0; u < d; ++u)
        for (int v = 0; v < d; ++v) {
            bool ok = false;
            const QTableWidgetItem* item = m_table->item(u, v);
            m(u, v) = item ? item->text().toDouble(&ok) : 0.0;
            if (!ok && problems.isEmpty())
                problems = tr("row %1, column %2 is not a number").arg(u + 1).arg(v + 1);
        }
    m_spec.reset();
    if (problems.isEmpty()) {
        try {
            validateDistortionMatrix(m, {"", m_attribute, d});
            if (m_edited) {
                DistortionSpec s;
                s.kind = DistortionKind::MatrixFile;
                s.source = "edited in the matrix editor";
                s.labels = m_categories;
                s.matrix = toRows(m);
                m_spec = s;
            } else {
                m_spec = m_generated;
            }
        } catch (const InputError& e) {
            problems = errorText(e);
        }
    }
    const double condition = problems.isEmpty() ? conditionNumber(m) : 0.0;
    m_checks->setText(problems.isEmpty()
                          ? tr("\u2714 every column sums to 1, entries in [0, 1], invertible (condition number %1): %2")
                                .arg(condition, 0, 'g', 4)
                                .arg(QString::fromStdString(describe(*m_spec)))
                          : tr("\u2718 %1").arg(problems));
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(m_spec.has_value());
}

QString MatrixEditor::checkText() const
{
    return m_checks->text();
}

} // namespace rr::ui
