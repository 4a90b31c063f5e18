#include "ui/import/ImportDialog.h"
#include "ui/mainwindow/ScreenFit.h"
#include "ui/texts/ErrorText.h"

#include "core/data/CsvPreview.h"
#include "core/data/Errors.h"

#include <QBrush>
#include <QCheckBox>
#include <QColor>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace rr::ui {
namespace {
constexpr int kPreviewRows = 12;
}

ImportDialog::ImportDialog(QStringList paths, QWidget* parent) : QDialog(parent), m_paths(std::move(paths))
{
    setObjectName("importDialog");
    setWindowTitle(tr("Open CSV: %1").arg(m_paths.isEmpty() ? QString() : QFileInfo(m_paths.front()).fileName()));
    QFormLayout* form = buildOptions();
    buildPreview();
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(new QLabel(tr("First rows as they will be read (missing values in orange):")));
    layout->addWidget(m_preview, 1);
    layout->addWidget(m_problem);
    layout->addWidget(buttons);
    resizeWithinScreen(this, QSize(900, 560));

    connectOptions();
    refresh();
}

// Header, delimiter (as guessed from the first file), missing values and the column names' file.
QFormLayout* ImportDialog::buildOptions()
{
    CsvOptions guessed;
    try {
        if (!m_paths.isEmpty())
            guessed = guessCsvOptions(m_paths.front().toStdString());
    } catch (const std::exception&) {
        // the preview below shows why the file cannot be read
    }
    m_header = new QCheckBox(tr("The first row names the columns"));
    m_header->setChecked(guessed.hasHeader);
    m_delimiter = new QComboBox;
    m_delimiter->addItem(tr("Detect"), 0);
    m_delimiter->addItem(tr("Comma ,"), int(','));
    m_delimiter->addItem(tr("Semicolon ;"), int(';'));
    m_delimiter->addItem(tr("Tab"), int('\t'));
    m_delimiter->addItem(tr("Space"), int(' '));
    m_delimiter->setCurrentIndex(std::max(0, m_delimiter->findData(int(guessed.delimiter))));
    m_missing = new QLineEdit("?");
    m_missing->setToolTip(tr("Values that mean \"missing\", separated by spaces (e.g. ? NA -)"));
    m_emptyMissing = new QCheckBox(tr("An empty field is missing too"));
    m_emptyMissing->setChecked(true);
    // COIL has no header: its names come from the data dictionary (issue 20, bug 13).
    m_namesButton = new QPushButton(tr("Column names from file\u2026"));
    m_namesButton->setObjectName("importNamesButton");
    m_namesButton->setAccessibleName(tr("Column names from file"));
    m_namesButton->setToolTip(tr("A file with one name per line, a data dictionary (\"1 MOSTYPE Customer Subtype\": "
                                 "number, name, description) or a one-line CSV header; its names replace the "
                                 "header's or 1, 2, ..."));
    m_clearNames = new QPushButton(tr("Use the file's names"));
    m_clearNames->setObjectName("importClearNames");
    m_clearNames->setAccessibleName(tr("Use the file's own column names"));
    m_clearNames->setEnabled(false);
    m_namesFile = new QLabel;
    m_namesFile->setObjectName("importNamesFile");
    auto* namesRow = new QHBoxLayout;
    namesRow->addWidget(m_namesButton);
    namesRow->addWidget(m_clearNames);
    namesRow->addWidget(m_namesFile, 1);
    auto* form = new QFormLayout;
    form->addRow(tr("Header:"), m_header);
    form->addRow(tr("Delimiter:"), m_delimiter);
    form->addRow(tr("Missing values:"), m_missing);
    form->addRow(QString(), m_emptyMissing);
    form->addRow(tr("Column names:"), namesRow);
    return form;
}

// The preview of the first rows and the problem line.
void ImportDialog::buildPreview()
{
    m_preview = new QTableWidget;
    m_preview->setObjectName("importPreview");
    m_preview->setAccessibleName(tr("Preview of the first rows"));
    m_preview->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_preview->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_problem = new QLabel;
    m_problem->setObjectName("importProblem");
    m_problem->setWordWrap(true);
}

// Every option previews again; the names' buttons read or drop a names file.
void ImportDialog::connectOptions()
{
    connect(m_header, &QCheckBox::toggled, this, &ImportDialog::refresh);
    connect(m_delimiter, &QComboBox::currentIndexChanged, this, &ImportDialog::refresh);
    connect(m_missing, &QLineEdit::textChanged, this, &ImportDialog::refresh);
    connect(m_emptyMissing, &QCheckBox::toggled, this, &ImportDialog::refresh);
    connect(m_namesButton, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Column names"), QFileInfo(m_paths.value(0)).path(),
                                                          tr("Names or data dictionary (*.txt *.csv *.tsv);;All files (*)"));
        if (!path.isEmpty())
            loadColumnNames(path);
    });
    connect(m_clearNames, &QPushButton::clicked, this, &ImportDialog::clearColumnNames);
}

bool ImportDialog::loadColumnNames(const QString& path)
{
    try {
        m_names = readColumnNames(path.toStdString());
    } catch (const std::exception& e) {
        m_problem->setText(QString("<span style='color:#b03a00'>%1</span>").arg(errorText(e).toHtmlEscaped()));
        return false;
    }
    m_namesPath = path;
    const QString file = QFileInfo(path).fileName();
    m_namesFile->setText(m_names.names.size() == 1 ? tr("1 name from %1").arg(file)
                                                   : tr("%1 names from %2").arg(m_names.names.size()).arg(file));
    m_clearNames->setEnabled(true);
    refresh();
    return true;
}

void ImportDialog::clearColumnNames()
{
    m_names = {};
    m_namesPath.clear();
    m_namesFile->clear();
    m_clearNames->setEnabled(false);
    refresh();
}

CsvOptions ImportDialog::options() const
{
    CsvOptions o;
    o.hasHeader = m_header->isChecked();
    o.delimiter = static_cast<char>(m_delimiter->currentData().toInt());
    o.missingTokens.clear();
    for (const QString& t : m_missing->text().split(' ', Qt::SkipEmptyParts))
        o.missingTokens.push_back(t.toStdString());
    if (m_emptyMissing->isChecked())
        o.missingTokens.push_back("");
    o.columnNames = m_names.names;
    o.columnLabels = m_names.labels;
    if (!m_namesPath.isEmpty())
        o.columnNamesSource = "names file '" + m_namesPath.toStdString() + "'";
    return o;
}

void ImportDialog::refresh()
{
    m_preview->clear();
    m_preview->setRowCount(0);
    m_preview->setColumnCount(0);
    if (m_paths.isEmpty())
        return;
    CsvPreview p;
    try {
        p = previewCsv(m_paths.front().toStdString(), options(), kPreviewRows);
    } catch (const std::exception& e) {
        m_problem->setText(QString("<span style='color:#b03a00'>%1</span>").arg(errorText(e).toHtmlEscaped()));
        return;
    }
    m_preview->setColumnCount(static_cast<int>(p.columns.size()));
    QStringList names;
    for (const std::string& c : p.columns)
        names << QString::fromStdString(c);
    m_preview->setHorizontalHeaderLabels(names);
    if (m_names.names.size() == p.columns.size()) // a dictionary's descriptions on the named columns
        for (std::size_t c = 0; c < p.columns.size(); ++c)
            m_preview->horizontalHeaderItem(static_cast<int>(c))->setToolTip(QString::fromStdString(m_names.labels[c]));
    m_preview->setRowCount(static_cast<int>(p.rows.size()));
    for (std::size_t r = 0; r < p.rows.size(); ++r)
        for (std::size_t c = 0; c < p.rows[r].size() && c < p.columns.size(); ++c) {
            auto* item = new QTableWidgetItem(QString::fromStdString(p.rows[r][c]));
            if (p.missing[r][c])
                item->setForeground(QBrush(QColor(0xD5, 0x5E, 0x00)));
            m_preview->setItem(static_cast<int>(r), static_cast<int>(c), item);
        }
    QString text;
    if (!p.problem.empty())
        text = QString("<span style='color:#b03a00'>%1</span>").arg(QString::fromStdString(p.problem).toHtmlEscaped());
    else if (!m_names.names.empty())
        text = p.columns.size() == 1 ? tr("1 column, named from the file.")
                                     : tr("%1 columns, named from the file.").arg(p.columns.size());
    else if (!m_header->isChecked())
        text = p.columns.size() == 1 ? tr("No header row: one column, named 1.")
                                     : tr("No header row: the columns are named 1 to %1.").arg(p.columns.size());
    else
        text = p.columns.size() == 1 ? tr("1 column.") : tr("%1 columns.").arg(p.columns.size());
    m_problem->setText(text);
}

} // namespace rr::ui
