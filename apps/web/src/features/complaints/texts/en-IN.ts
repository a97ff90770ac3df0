/** The complaint pages' own labels in English (India); the spec's texts are in the contract's packs. */
const texts = {
  entryTitle: 'Complaint',
  selectedOrder: 'Selected order',
  chooseOrder: 'Choose an order',
  noOrders: 'You have no orders yet.',
  chooseSubType: 'Choose the collection problem',
  formTitle: 'Send a complaint',
  chosenType: 'Question type',
  aboutOrder: 'About your loan',
  noOrderToComplain: 'A complaint is about one of your loans, and we found none on your account. Please contact customer service instead.',
  descriptionLabel: 'Describe your problem',
  descriptionPlaceholder: 'Please describe your problem in detail',
  imagesLabel: 'Evidence images (up to 9)',
  addImage: 'Add image',
  removeImage: 'Remove image {n}',
  imageAlt: 'Evidence image {n}',
  uploadProgress: 'Upload of image {n}',
  listTabs: 'Complaint status',
  noComplaints: 'No complaints here.',
  loadMore: 'Load more',
  detailTitle: 'Complaint detail',
  typeLabel: 'Problem type',
  subTypeLabel: 'Sub-type',
  contentLabel: 'Content',
  replyImages: 'Reply images',
  stars: '{n} stars',
  oneStar: '1 star',
  newTitle: 'New complaint',
  categoryIcon: 'Category {n}',
};

export type ComplaintTexts = typeof texts;
export default texts;
