#include "ui/import/BinDialog.h"
#include "ui/mainwindow/ScreenFit.h"
#include "ui/texts/ErrorText.h"

#include "core/datasource/BinnedSource.h"

#include <QButtonGroup>
#include <QDialogButtonBox>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include <exception>

namespace rr::ui {
namespace {

QString count(double n)
{
    return QLocale().toString(n, 'f', 0);
}

QString number(double x)
{
    return QString::fromStdString(formatCut(x));
}

} // namespace

BinDialog::BinDialog(AttributeSummary attribute, const std::optional<BinSpec>& current, QWidget* parent)
    : QDialog(parent), m_attribute(std::move(attribute))
{
    const QString name = QString::fromStdString(m_attribute.name);
    setWindowTitle(tr("Bin %1").arg(name));
    setObjectName("binDialog");

    QLabel* about = buildAbout(name);
    QButtonGroup* group = nullptr;
    QGridLayout* choices = buildChoices(group);
    buildPreview();
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(about);
    layout->addLayout(choices);
    layout->addWidget(new QLabel(tr("The bins and their records (only bins with records are categories):")));
    layout->addWidget(m_preview, 1);
    layout->addWidget(m_problem);
    layout->addWidget(m_buttons);

    startFrom(current);
    connectChoices(group);
    resizeWithinScreen(this, QSize(560, 480));
    refresh();
}

// What the attribute holds: its numbers' range and records, or that not all of its categories are numbers.
QLabel* BinDialog::buildAbout(const QString& name)
{
    const NumericProfile profile = numericProfile(m_attribute);
    double records = 0;
    for (double c : m_attribute.counts)
        records += c;
    auto* about = new QLabel(
        profile.numeric
            ? tr("<b>%1</b>: %2 distinct numbers from %3 to %4 in %5 records (%6 missing).")
                  .arg(name.toHtmlEscaped(), count(static_cast<double>(profile.distinct)), number(profile.min),
                       number(profile.max), count(records), count(m_attribute.missing))
            : tr("<b>%1</b>: %2 categories, not all of them numbers; those that are not become missing once binned.")
                  .arg(name.toHtmlEscaped(), count(static_cast<double>(m_attribute.categories.size()))));
    about->setWordWrap(true);
    return about;
}

// Cut points, equal width or quantiles, each with its box (`group`: the three buttons).
QGridLayout* BinDialog::buildChoices(QButtonGroup*& group)
{
    m_cutsButton = new QRadioButton(tr("Cut points"));
    m_widthButton = new QRadioButton(tr("Equal width"));
    m_quantilesButton = new QRadioButton(tr("Quantiles"));
    group = new QButtonGroup(this);
    for (QRadioButton* b : {m_cutsButton, m_widthButton, m_quantilesButton})
        group->addButton(b);
    m_cuts = new QLineEdit;
    m_cuts->setObjectName("cutPoints");
    m_cuts->setAccessibleName(tr("Cut points"));
    m_cuts->setPlaceholderText(tr("e.g. 0, 18, 30, 45, 65, inf"));
    m_cuts->setToolTip(tr("Increasing numbers a, b, c, …: bins [a, b), [b, c), …; -inf may start and inf end the "
                          "list. A value at or above the last finite cut lies outside."));
    m_width = new QSpinBox;
    m_width->setRange(2, kMaxBins);
    m_width->setValue(5);
    m_width->setSuffix(tr(" bins"));
    m_width->setAccessibleName(tr("Number of equal-width bins"));
    m_quantiles = new QSpinBox;
    m_quantiles->setRange(2, kMaxBins);
    m_quantiles->setValue(4);
    m_quantiles->setSuffix(tr(" bins"));
    m_quantiles->setAccessibleName(tr("Number of quantile bins"));

    auto* choices = new QGridLayout;
    choices->addWidget(m_cutsButton, 0, 0);
    choices->addWidget(m_cuts, 0, 1);
    choices->addWidget(m_widthButton, 1, 0);
    choices->addWidget(m_width, 1, 1);
    choices->addWidget(new QLabel(tr("between the smallest and the largest value")), 1, 2);
    choices->addWidget(m_quantilesButton, 2, 0);
    choices->addWidget(m_quantiles, 2, 1);
    choices->addWidget(new QLabel(tr("with about as many records each")), 2, 2);
    choices->setColumnStretch(1, 1);
    return choices;
}

// The bins' preview table and the problem line.
void BinDialog::buildPreview()
{
    m_preview = new QTableWidget(0, 2);
    m_preview->setObjectName("binPreview");
    m_preview->setAccessibleName(tr("Bins and their records"));
    m_preview->setHorizontalHeaderLabels({tr("Bin"), tr("Records")});
    m_preview->verticalHeader()->hide();
    m_preview->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_preview->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_preview->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_preview->setSelectionMode(QAbstractItemView::NoSelection);
    m_preview->setMinimumHeight(200);

    m_problem = new QLabel;
    m_problem->setWordWrap(true);
    m_problem->setObjectName("binProblem");
}

// Start from the bins the attribute has, else 5 equal-width bins.
void BinDialog::startFrom(const std::optional<BinSpec>& current)
{
    if (current && current->kind == BinKind::CutPoints) {
        QStringList cuts;
        for (double c : current->cuts)
            cuts << number(c);
        m_cuts->setText(cuts.join(", "));
        m_cutsButton->setChecked(true);
    } else if (current && current->kind == BinKind::Quantiles) {
        m_quantiles->setValue(current->bins);
        m_quantilesButton->setChecked(true);
    } else {
        if (current)
            m_width->setValue(current->bins);
        m_widthButton->setChecked(true);
    }
}

// An edit of a box chooses its kind; a change of kind or box previews again.
void BinDialog::connectChoices(QButtonGroup* group)
{
    connect(m_cuts, &QLineEdit::textChanged, this, [this] {
        m_cutsButton->setChecked(true);
        refresh();
    });
    connect(m_width, &QSpinBox::valueChanged, this, [this] {
        m_widthButton->setChecked(true);
        refresh();
    });
    connect(m_quantiles, &QSpinBox::valueChanged, this, [this] {
        m_quantilesButton->setChecked(true);
        refresh();
    });
    connect(group, &QButtonGroup::buttonToggled, this, [this](QAbstractButton*, bool on) {
        if (on)
            refresh();
    });
}

void BinDialog::refresh()
{
    m_spec.reset();
    m_preview->setRowCount(0);
    QString problem;
    try {
        BinSpec spec;
        if (m_cutsButton->isChecked()) {
            // The core parser reads the text; the name only labels its messages.
            std::string name = m_attribute.name;
            for (char& c : name)
                if (c == '=')
                    c = '_';
            spec = parseBinSpec(name + "=" + m_cuts->text().toStdString(), "cut points of");
        } else {
            spec.kind = m_widthButton->isChecked() ? BinKind::EqualWidth : BinKind::Quantiles;
            spec.bins = m_widthButton->isChecked() ? m_width->value() : m_quantiles->value();
        }
        spec.attribute = m_attribute.name;
        const BinPreview p = previewBins(spec, m_attribute);
        m_preview->setRowCount(static_cast<int>(p.bins.size()));
        for (std::size_t b = 0; b < p.bins.size(); ++b) {
            auto* label = new QTableWidgetItem(QString::fromStdString(p.bins.labels[b]));
            auto* records = new QTableWidgetItem(count(p.counts[b]));
            records->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (p.counts[b] <= 0) // no record: not a category
                for (QTableWidgetItem* item : {label, records})
                    item->setForeground(QColor(150, 150, 150));
            m_preview->setItem(static_cast<int>(b), 0, label);
            m_preview->setItem(static_cast<int>(b), 1, records);
        }
        if (p.notNumeric > 0 || p.outside > 0)
            problem = tr("%1 records hold a value that is not a number and %2 lie outside the cuts: they become "
                         "missing for %3 (and are counted as such).")
                          .arg(count(p.notNumeric), count(p.outside), QString::fromStdString(m_attribute.name));
        m_spec = spec;
        m_problem->setStyleSheet(QString());
    } catch (const std::exception& e) {
        problem = errorText(e);
        m_problem->setStyleSheet("color: #B03A00;");
    }
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(m_spec.has_value());
}

} // namespace rr::ui
